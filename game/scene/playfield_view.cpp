#include "scene/playfield_view.h"

#include "scene/color_blind_palette.h"
#include "scene/logo_model.h"
#include "scene/playfield_camera.h"
#include "screens/screens.h"

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>

namespace invaders {
namespace {

using arcade::kCellSize;

glm::vec3 at(glm::ivec3 placement) {
    return {static_cast<float>(placement.x), static_cast<float>(placement.y), 0.0f};
}
glm::vec3 at(int32_t x, int32_t y) {
    return {static_cast<float>(x), static_cast<float>(y), 0.0f};
}

// How far behind its latest placement a moving body is drawn at `alpha` of the way through its latest
// move: frames between steps show it in between, so it glides at any frame rate instead of jumping 3 or
// 4 voxels on a slow machine. Zero for a body that did not move (or was placed anew: no sweep).
glm::vec3 lag(const Body& body, float alpha) {
    return glm::vec3(body.placement - body.previousPlacement) * (std::clamp(alpha, 0.0f, 1.0f) - 1.0f);
}

// The ground's stage: opaque from this far left of the playfield to as far right of it, fading out over
// kStageSideFade beyond; from the playfield's foot (z = 0) towards the camera, past where it stands
// (kStageFront), and fading out over kStageBackFade behind the playfield.
constexpr float kStageMargin = 60.0f;
constexpr float kStageSideFade = 200.0f;
constexpr float kStageFront = 1400.0f;
constexpr float kStageBackFade = 70.0f;

} // namespace

void setPlayfieldGround(vox::SceneLook& look) {
    const auto width = static_cast<float>(arcade::kPlayfieldWidth);
    look.groundHeight = static_cast<float>(arcade::kCannonY);
    look.groundLineColor = glm::vec3(0.15f, 0.9f, 0.25f);
    look.groundLineX = glm::vec2(0.0f, width);
    look.groundStageMin = glm::vec2(-kStageMargin, 0.0f);
    look.groundStageMax = glm::vec2(width + kStageMargin, kStageFront);
    look.groundStageFade = glm::vec2(kStageSideFade, kStageBackFade);
}

vox::DebrisSettings playfieldDebrisSettings() {
    vox::DebrisSettings settings;
    settings.groundHeight = static_cast<float>(arcade::kCannonY);
    return settings;
}

PlayfieldView::PlayfieldView(vox::SceneRenderer& renderer, const GameAssets& assets) : m_assets(assets) {
    for (size_t type = 0; type < 3; ++type) {
        for (size_t frame = 0; frame < 2; ++frame)
            m_invaderMeshes[type][frame] = renderer.addMesh(m_assets.invaders[type][frame]);
        for (size_t frame = 0; frame < 4; ++frame)
            m_alienShotMeshes[type][frame] = renderer.addMesh(m_assets.alienShots[type][frame]);
    }
    m_cannonMesh = renderer.addMesh(m_assets.cannon);
    m_saucerMesh = renderer.addMesh(m_assets.saucer);
    m_playerShotMesh = renderer.addMesh(m_assets.playerShot);
    m_invaderExplosionMesh = renderer.addMesh(m_assets.invaderExplosion);
    m_playerBurstMesh = renderer.addMesh(m_assets.playerShotExplosion);
    m_alienBurstMesh = renderer.addMesh(m_assets.alienShotExplosion);
    m_logo = makeTextModel(renderer.font(), "VOXEL INVADERS", 3, vox::packRgba(128, 255, 150),
                           vox::packRgba(40, 140, 66));
    m_logoMesh = renderer.addMesh(m_logo);
    for (vox::MeshHandle& mesh : m_shieldMeshes)
        mesh = renderer.addMesh(m_assets.shield);
}

void PlayfieldView::setColorBlindColors(vox::SceneRenderer& renderer, bool enabled) {
    if (enabled == m_colorBlindColors)
        return;
    m_colorBlindColors = enabled;
    const ColorBlindPalette palette = colorBlindPalette();
    const auto update = [&](vox::MeshHandle mesh, const vox::VoxelModel& model, uint32_t rgba) {
        renderer.updateMesh(mesh, enabled ? recolored(model, rgba) : model);
    };
    for (size_t type = 0; type < 3; ++type) {
        for (size_t frame = 0; frame < 2; ++frame)
            update(m_invaderMeshes[type][frame], m_assets.invaders[type][frame], palette.invaders[type]);
        for (size_t frame = 0; frame < 4; ++frame)
            update(m_alienShotMeshes[type][frame], m_assets.alienShots[type][frame],
                   palette.alienShots[type]);
    }
    update(m_cannonMesh, m_assets.cannon, palette.cannon);
    update(m_saucerMesh, m_assets.saucer, palette.saucer);
    update(m_playerShotMesh, m_assets.playerShot, palette.playerShot);
}

void PlayfieldView::syncShieldMeshes(vox::SceneRenderer& renderer, const Simulation& simulation) {
    const bool sameSource = m_shieldSource == &simulation && m_shieldPlayer == simulation.currentPlayer();
    const PlayerState& player = simulation.activePlayer();
    for (size_t s = 0; s < m_shieldMeshes.size(); ++s) {
        if (sameSource && m_shieldRevisions[s] == player.shields[s].revision)
            continue;
        renderer.updateMesh(m_shieldMeshes[s], player.shields[s].model);
        m_shieldRevisions[s] = player.shields[s].revision;
    }
    m_shieldSource = &simulation;
    m_shieldPlayer = simulation.currentPlayer();
}

void PlayfieldView::draw(vox::SceneRenderer& renderer, const Simulation& simulation, float alpha) {
    drawShieldsAndRack(renderer, simulation);
    drawCannon(renderer, simulation.cannon(), alpha);
    drawShots(renderer, simulation, alpha);
    const Saucer& saucer = simulation.saucer();
    if (saucer.active)
        renderer.drawSprite({.mesh = m_saucerMesh, .position = at(saucer.placement) + lag(saucer, alpha)});
    drawExplosions(renderer, simulation.explosions());
}

void PlayfieldView::drawShieldsAndRack(vox::SceneRenderer& renderer, const Simulation& simulation) {
    syncShieldMeshes(renderer, simulation);
    const PlayerState& player = simulation.activePlayer();
    for (size_t s = 0; s < player.shields.size(); ++s) {
        renderer.drawSprite({.mesh = m_shieldMeshes[s], .position = at(player.shields[s].placement)});
        // A contact shadow on the ground below: the shields float above it, as in the arcade.
        const auto x = static_cast<float>(player.shields[s].placement.x);
        renderer.drawGroundShadow({x + 1.0f, -5.0f},
                                  {x + static_cast<float>(arcade::kShieldWidth) - 1.0f, 5.0f});
    }
    for (int32_t i = 0; i < arcade::kInvaderCount; ++i) {
        const Invader& invader = player.rack.invaders[static_cast<size_t>(i)];
        if (!invader.alive)
            continue;
        const auto type = static_cast<size_t>(Simulation::typeOfRow(Simulation::rowOf(i)));
        renderer.drawSprite(
            {.mesh = m_invaderMeshes[type][invader.frame], .position = at(invader.placement)});
    }
}

void PlayfieldView::drawCannon(vox::SceneRenderer& renderer, const Cannon& cannon, float alpha) const {
    const glm::vec3 cannonAt = at(cannon.placement) + lag(cannon, alpha);
    if (cannon.phase != CannonPhase::Waiting) {
        const float x = cannonAt.x;
        renderer.drawGroundShadow({x + 1.0f, -5.0f},
                                  {x + static_cast<float>(arcade::kCannonWidth) - 1.0f, 5.0f});
    }
    if (cannon.phase == CannonPhase::Alive) {
        renderer.drawSprite({.mesh = m_cannonMesh, .position = cannonAt});
    } else if (cannon.phase == CannonPhase::Exploding) {
        const bool blink = m_flashes && (cannon.timer / 4) % 2 == 0; // steady, without flashes
        renderer.drawSprite({.mesh = m_cannonMesh,
                             .position = cannonAt,
                             .tint = blink || !m_flashes ? glm::vec3(1.0f, 0.3f, 0.2f) : glm::vec3(0.4f),
                             .flash = blink ? 0.6f : 0.0f});
    }
}

void PlayfieldView::drawShots(vox::SceneRenderer& renderer, const Simulation& simulation, float alpha) const {
    const PlayerShot& shot = simulation.playerShot();
    if (shot.phase == ShotPhase::Flying) {
        // A white-hot core in a cyan halo twice its size just behind it: a bolt that reads at a glance,
        // two voxels wide, against anything it crosses.
        const glm::vec3 core =
            at(shot.position.x - m_assets.playerShot.size().x / 2, shot.position.y) + lag(shot, alpha);
        const glm::vec3 size(m_assets.playerShot.size());
        renderer.drawSprite({.mesh = m_playerShotMesh, .position = core, .flash = 1.0f});
        renderer.drawSprite({.mesh = m_playerShotMesh,
                             .position = core - glm::vec3(size.x * 0.5f, size.y * 0.25f, size.z + 1.0f),
                             .scale = 2.0f,
                             .tint = glm::vec3(0.35f, 0.9f, 1.0f),
                             .flash = 0.45f});
    }
    for (size_t type = 0; type < 3; ++type) {
        const AlienShot& alienShot = simulation.alienShots()[type];
        if (!alienShot.active)
            continue;
        const vox::VoxelModel& model = m_assets.alienShots[type][static_cast<size_t>(alienShot.steps % 4)];
        // Each type keeps its own colour (orange rolling, pink plunger, yellow squiggly), glowing a little.
        renderer.drawSprite({.mesh = m_alienShotMeshes[type][static_cast<size_t>(alienShot.steps % 4)],
                             .position = at(alienShot.position.x - model.size().x / 2, alienShot.position.y) +
                                         lag(alienShot, alpha),
                             .flash = 0.3f});
    }
}

void PlayfieldView::drawExplosions(vox::SceneRenderer& renderer,
                                   std::span<const Explosion> explosions) const {
    // Without flashes an explosion shows its shape in steady colours: no glow that comes and goes.
    const float flashes = m_flashes ? 1.0f : 0.0f;
    for (const Explosion& explosion : explosions) {
        const float fade = static_cast<float>(explosion.framesLeft) / 16.0f * flashes;
        switch (explosion.kind) {
        case ExplosionKind::Invader: {
            const glm::ivec3 size = m_assets.invaderExplosion.size();
            renderer.drawSprite(
                {.mesh = m_invaderExplosionMesh,
                 .position = at(explosion.position.x + (kCellSize - size.x) / 2, explosion.position.y),
                 .flash = 0.5f * fade});
            break;
        }
        case ExplosionKind::PlayerShot:
        case ExplosionKind::AlienShot: {
            const bool fromPlayer = explosion.kind == ExplosionKind::PlayerShot;
            const vox::VoxelModel& model =
                fromPlayer ? m_assets.playerShotExplosion : m_assets.alienShotExplosion;
            renderer.drawSprite({.mesh = fromPlayer ? m_playerBurstMesh : m_alienBurstMesh,
                                 .position = at(explosion.position.x - model.size().x / 2,
                                                explosion.position.y - model.size().y / 2),
                                 .scale = 0.6f,
                                 .tint = glm::vec3(1.0f, 0.6f, 0.3f),
                                 .flash = 0.7f * flashes});
            break;
        }
        case ExplosionKind::Saucer:
            renderer.drawSprite({.mesh = m_invaderExplosionMesh,
                                 .position = at(explosion.position.x + 4, explosion.position.y),
                                 .tint = glm::vec3(1.0f, 0.4f, 0.4f),
                                 .flash = 0.5f * flashes});
            break;
        case ExplosionKind::Cannon:
            break; // the blinking cannon shows it
        }
    }
}

void PlayfieldView::drawTurning(vox::SceneRenderer& renderer, vox::MeshHandle mesh, glm::ivec3 size,
                                glm::vec3 centre, float scale, float degrees) const {
    // Sprites turn about their pivot (the model's corner): put the pivot where the turned model is centred.
    const glm::quat rotation = glm::angleAxis(glm::radians(degrees), glm::vec3(0.0f, 1.0f, 0.0f));
    const glm::vec3 half = glm::vec3(size) * 0.5f * scale;
    const glm::vec3 pivotToCentre = rotation * glm::vec3(half.x, half.y, 0.0f); // pivot sits at mid-depth
    renderer.drawSprite(
        {.mesh = mesh, .position = centre - pivotToCentre, .rotation = rotation, .scale = scale});
}

namespace {

// Where the logo turns: centred over the playfield, above its top, each of its voxels 2 world voxels, up
// to 9 degrees either way.
constexpr glm::vec3 kLogoCentre{112.0f, 204.0f, 0.0f};
constexpr float kLogoScale = 2.0f;
constexpr float kLogoTurnDegrees = 9.0f;

} // namespace

void PlayfieldView::drawLogo(vox::SceneRenderer& renderer, int64_t tick) const {
    const float seconds = static_cast<float>(tick) / 60.0f;
    drawTurning(renderer, m_logoMesh, m_logo.size(), kLogoCentre, kLogoScale,
                kLogoTurnDegrees * std::sin(seconds * 0.6f));
}

WorldBox PlayfieldView::logoBounds() const {
    // Turned about the vertical axis by up to kLogoTurnDegrees: its footprint's box at the most turned.
    const glm::vec3 half = glm::vec3(m_logo.size()) * 0.5f * kLogoScale;
    const float turn = glm::radians(kLogoTurnDegrees);
    const glm::vec3 extent(half.x * std::cos(turn) + half.z * std::sin(turn), half.y,
                           half.x * std::sin(turn) + half.z * std::cos(turn));
    return {kLogoCentre - extent, kLogoCentre + extent};
}

void PlayfieldView::drawScoreTable(vox::SceneRenderer& renderer, int64_t tick, const vox::Camera& camera,
                                   glm::ivec2 size) const {
    drawLogo(renderer, tick);
    // Each sprite beside its value, turning slowly so its depth shows. Its height is where the camera shows
    // its line (the screen places the lines, the view decides what world height that is: 3D or flat).
    const float seconds = static_cast<float>(tick) / 60.0f;
    const float x = 70.0f;
    const glm::vec4 column = camera.viewProjection() * glm::vec4(x, kPlayfieldMin.y, 0.0f, 1.0f);
    const float columnPixel = (column.x / column.w + 1.0f) * 0.5f * static_cast<float>(size.x);
    const auto centre = [&](int32_t row) {
        const float rowPixel = scoreTableRowY(row) * static_cast<float>(size.y);
        return glm::vec3(x, planePointAt(camera, {columnPixel, rowPixel}, size).y, 0.0f);
    };
    constexpr float kTableScale = 1.6f; // larger than in play: here they are the show
    const auto angle = [seconds](int32_t row) {
        return 35.0f * std::sin(seconds * 0.9f + static_cast<float>(row));
    };
    drawTurning(renderer, m_saucerMesh, m_assets.saucer.size(), centre(0), kTableScale, angle(0));
    const InvaderType types[] = {InvaderType::Squid, InvaderType::Crab, InvaderType::Octopus};
    const size_t frame = static_cast<size_t>((tick / 30) % 2);
    for (int32_t i = 0; i < 3; ++i) {
        const auto type = static_cast<size_t>(types[i]);
        drawTurning(renderer, m_invaderMeshes[type][frame], m_assets.invaders[type][frame].size(),
                    centre(i + 1), kTableScale, angle(i + 1));
    }
}

} // namespace invaders
