#pragma once
// The HUD model the HUD's golden test and render_bench draw: sample values, the player's cannon as the
// reserve icon, in the columns beside `playfield`. One place, so that both measure the same HUD players see.
#include "engine/render/test_scenes.h"
#include "scene/playfield_camera.h"
#include "ui/hud.h"

namespace invaders::test {

/// Score `score`, hi-score 9,990, wave 3, two lives, laid out around `playfield`.
inline ui::HudModel sampleHud(const vox::test::GameAssets& assets, const ScreenRect& playfield,
                              int64_t score) {
    ui::HudModel hud;
    hud.score = score;
    hud.hiScore = 9990;
    hud.wave = 3;
    hud.lives = 2;
    hud.cannon = &assets.player.sprite.frames[0];
    hud.playfieldMin = playfield.min;
    hud.playfieldMax = playfield.max;
    return hud;
}

} // namespace invaders::test
