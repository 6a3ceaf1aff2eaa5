// The HUD players see (ui/hud.h) over the full formation of the renderer's test scene, framed by the game's
// playfield camera at 320 x 240: the scores above the playfield, the wave at its right, the lives and a
// reserve cannon below it. Compared with tests/golden/full_invader_formation.png (see its README).
#include "scene/playfield_camera.h"
#include "scene/playfield_view.h"
#include "ui/hud.h"
#include "ui/painter.h"

#include "engine/render/gl_test_fixture.h"
#include "engine/render/golden_image.h"
#include "engine/render/test_scenes.h"
#include "game/ui/sample_hud.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace invaders {
namespace {

class HudGoldenTest : public vox::test::SceneRendererFixture<320, 240> {};

TEST_F(HudGoldenTest, FullInvaderFormation) {
    const vox::test::GameAssets assets = vox::test::GameAssets::load(*m_renderer);
    const glm::ivec2 size(kWidth, kHeight);
    const int32_t hudLine = m_renderer->font().lineHeight() * m_renderer->hudPixelScale(size);
    const vox::Camera camera = PlayfieldCamera().frame(size, hudLine);
    setPlayfieldGround(m_renderer->look());
    m_target.bind();
    m_renderer->beginFrame(camera, vox::Viewport{0, 0, kWidth, kHeight}, 1.0);
    vox::test::drawGameScene(*m_renderer, assets, 1);
    m_renderer->drawSprite({.mesh = assets.invaders[2].meshes[0],
                            .position = vox::test::invaderPosition(assets, 4, 0, 0) + glm::vec3(0, -20, 0),
                            .tint = {1.0f, 0.6f, 0.6f},
                            .flash = 0.7f});

    ui::Painter painter(*m_renderer, size);
    const ScreenRect playfield = playfieldScreenRect(camera, size);
    ui::drawHud(painter, test::sampleHud(assets, playfield, 1230));
    (void)m_renderer->endFrame();

    // The columns layout: every text inside the window, the scores above the playfield.
    const std::vector<ui::DrawnText>& texts = painter.texts();
    ASSERT_FALSE(texts.empty());
    const auto drawn = [&texts](std::string_view text) {
        return std::any_of(texts.begin(), texts.end(),
                           [text](const ui::DrawnText& t) { return t.text == text; });
    };
    EXPECT_TRUE(drawn("1230") && drawn("9990") && drawn("WAVE") && drawn("2"));
    for (const ui::DrawnText& text : texts) {
        SCOPED_TRACE(text.text);
        EXPECT_GE(text.min.x, 0);
        EXPECT_GE(text.min.y, 0);
        EXPECT_LE(text.max.x, kWidth);
        EXPECT_LE(text.max.y, kHeight);
        if (text.text == "1230" || text.text == "9990") {
            EXPECT_LE(text.max.y, playfield.min.y + hudLine / 2);
        }
    }

    const vox::Image image = m_target.readImage();
    EXPECT_FALSE(image.isUniform());
    EXPECT_TRUE(vox::test::matchesGolden(image, "full_invader_formation"));
}

} // namespace
} // namespace invaders
