#include "scene/game_scene.h"

#include "persist/save_files.h"
#include "scene/apply_look.h"
#include "scene/apply_quality.h"
#include "scene/color_blind_palette.h"
#include "ui/hud.h"
#include "ui/input_panel.h"
#include "ui/theme.h"
#include "ui/ui.h"

#include "vox/render/camera.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace invaders {

vox::Result<std::unique_ptr<GameScene>> GameScene::create(const std::filesystem::path& shaderDirectory,
                                                          const GameAssets& assets, const FlowSettings& flow,
                                                          HighScoreTable highScores, SaveFilePaths files,
                                                          AudioSystem audio) {
    vox::Result<vox::SceneRenderer> renderer =
        vox::SceneRenderer::create(shaderDirectory, gameRendererSettings());
    if (!renderer)
        return renderer.error();
    return std::unique_ptr<GameScene>(new GameScene(std::move(renderer).value(), assets, flow,
                                                    std::move(highScores), std::move(files),
                                                    std::move(audio)));
}

GameScene::GameScene(vox::SceneRenderer renderer, const GameAssets& assets, const FlowSettings& flow,
                     HighScoreTable highScores, SaveFilePaths files, AudioSystem audio)
    : m_renderer(std::move(renderer)), m_assets(assets), m_flow(flow, m_assets, std::move(highScores)),
      m_playfield(m_renderer, m_assets), m_files(std::move(files)), m_audio(std::move(audio)),
      m_debris(playfieldDebrisSettings(), flow.seed), m_demoOnly(flow.demo) {
    if (m_files.highScores) { // the top ten's runs, WATCH and SHARE read and write beside the table
        m_runStore = std::make_unique<FileRunStore>(
            *m_files.highScores, m_files.highScores->parent_path() / "shared", copyShareToSystemClipboard);
        m_flow.setRunStore(m_runStore.get());
    }
    applyLook(m_flow.options(), 0.0f, m_renderer, m_playfield, m_view);
}

// --- Stepping -----------------------------------------------------------------------------------------

void GameScene::step(const vox::ActionState& input) {
    const auto start = std::chrono::steady_clock::now(); // for the debug overlay's figures only
    const uint64_t session = m_flow.session().number();
    m_flow.step(input);
    m_stepMilliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    // Debris belongs to the scene it was made in: a new session, a jump in a watched run or a screen without
    // the playfield ends it, and it stands still while the session does (pause).
    if (m_flow.session().number() != session && m_flow.screen() == Screen::Demo)
        ++m_demoGames;
    const bool jumped = m_flow.runs().watchJumps() != m_watchJumps;
    m_watchJumps = m_flow.runs().watchJumps();
    if (m_flow.session().number() != session || m_flow.scenery() != Scenery::Playfield || jumped) {
        m_debris.clear();
        m_shake = 0.0f;
        m_beat.clear();
    }
    handleEvents();
    m_sounds.step(m_flow.events(), m_flow.screen(), m_flow.simulation(), m_audio);
    m_view.setFlat(m_flow.options().flatView);
    m_sessionMoved = m_flow.sessionStepped();
    if (m_sessionMoved) {
        m_debris.step();
        m_shake *= 0.9f;
        m_view.step(m_flow.simulation());
        m_beat.step(m_flow.events());
    }
    ++m_tick;
    saveChanges();
    m_audio.renderStep(); // an offline render (--audio-out) advances with the simulation's steps
}

void GameScene::saveChanges() {
    // A failed save is a warning: the game goes on and the old file is intact (atomic writes).
    const auto warn = [](const vox::Status& status) {
        if (!status)
            std::fprintf(stderr, "voxel-invaders: warning: %s\n", status.error().message.c_str());
    };
    const Runs& runs = m_flow.runs();
    if (runs.highScoresVersion() != m_savedHighScores && m_files.highScores)
        warn(saveHighScores(*m_files.highScores, runs.highScores()));
    m_savedHighScores = runs.highScoresVersion();
}

void GameScene::saveOptions(const Settings& options) {
    // As saveChanges: a failed save is a warning, the old file intact.
    if (!m_files.settings)
        return;
    if (const vox::Status saved = saveSettings(*m_files.settings, options); !saved)
        std::fprintf(stderr, "voxel-invaders: warning: %s\n", saved.error().message.c_str());
}

void GameScene::handleEvents() {
    if (m_flow.simulation() == nullptr)
        return;
    for (const SimEvent& event : m_flow.events()) {
        const std::span<const DebrisVoxel> debris = m_flow.debris(event);
        if (!debris.empty()) {
            m_removed.clear();
            glm::vec3 centre(0.0f);
            for (const DebrisVoxel& voxel : debris) {
                m_removed.push_back({glm::ivec3(glm::floor(voxel.position)), 1, voxel.rgba});
                centre += voxel.position;
            }
            centre /= static_cast<float>(debris.size());
            vox::DebrisBurst burst;
            burst.centre = centre - glm::vec3(0.0f, 2.0f, 0.0f);
            if (event.type == SimEventType::ShieldEroded)
                burst.speed = 25.0f;
            if (!m_flow.options().flashes)
                burst.glow = 0.0f; // no white-hot flash of debris either

            m_debris.spawn(m_removed, glm::vec3(0.0f), burst);
        }
        switch (event.type) { // the sounds are GameSounds' (audio/game_sounds.h)
        case SimEventType::InvaderKilled:
            m_shake = std::max(m_shake, 0.6f);
            break;
        case SimEventType::PlayerHit:
            m_shake = 2.5f;
            break;
        case SimEventType::SaucerHit:
            m_shake = std::max(m_shake, 1.2f);
            break;
        default:
            break;
        }
    }
}

// --- Drawing ------------------------------------------------------------------------------------------

void GameScene::render(int width, int height, double alpha) {
    // The accessibility and view options apply from this frame (text size and motion shape the camera).
    applyLook(lookSettings(), m_beat.level(), m_renderer, m_playfield, m_view);
    const double seconds = static_cast<double>(m_tick) / 60.0;
    const glm::vec2 shake = vox::cameraShake(m_shake, seconds, 7);
    const int32_t hudLine = m_renderer.font().lineHeight() * m_renderer.hudPixelScale({width, height});
    m_camera = m_view.frame({width, height}, hudLine, shake);
    // The options apply from this frame; the renderer makes new framebuffers only when they changed.
    const Settings& options = m_flow.options();
    applyQuality(
        m_renderer,
        resolveQuality(options.quality, options.renderScale, m_flow.display().softwareRenderer).preset);
    m_renderer.beginFrame(m_camera, vox::Viewport{0, 0, width, height}, seconds);
    const Scenery scenery = m_flow.scenery();
    // Between steps, what moved is drawn part of the way through its latest move (the clock's alpha); when
    // the latest step did not move the game (paused, a menu), at rest, so nothing shifts back and forth.
    const float motionAlpha = m_sessionMoved ? static_cast<float>(alpha) : 1.0f;
    if (scenery == Scenery::Playfield)
        m_playfield.draw(m_renderer, *m_flow.simulation(), motionAlpha);
    else if (scenery == Scenery::ScoreTable)
        m_playfield.drawScoreTable(m_renderer, m_tick, m_camera, {width, height});
    else if (scenery == Scenery::Title)
        m_playfield.drawLogo(m_renderer, m_tick);
    m_renderer.drawDebris(m_debris, motionAlpha);

    ui::Painter painter(m_renderer, {width, height});
    painter.setHighContrast(options.highContrastHud);
    m_lastInputPanel.reset();
    if (scenery == Scenery::Playfield) {
        m_lastPlayfield =
            playfieldScreenRect(m_view.frame({width, height}, hudLine, {}, false), {width, height});
        drawHud(painter, m_lastPlayfield);
        drawInputPanel(painter, m_lastPlayfield);
    }
    // No panel covers the logo: the title's menu goes below it, and scrolls when large text makes it
    // taller than the room left (the logo is the title; the menu's rows all stay reachable).
    if (scenery == Scenery::Title || scenery == Scenery::ScoreTable)
        painter.keepClear(logoBox({width, height}));
    ui::Ui ui = ui::Ui::drawing(painter, m_tick, m_flow.inputDevice());
    m_flow.drawUi(ui);
    drawCabinetCaption(painter);
    if (m_touch != nullptr)
        m_touch->draw(painter, m_flow);
    drawFrameRate(painter);
    m_lastTexts = painter.takeTexts();
    m_lastLayout = painter.takeLayout();
    (void)m_renderer.endFrame();
}

void GameScene::drawHud(ui::Painter& painter, const ScreenRect& playfield) const {
    const Simulation& simulation = *m_flow.simulation();
    const PlayerState& player = simulation.activePlayer();
    ui::HudModel hud;
    hud.score = player.score;
    hud.hiScore = hiScore(m_flow.runs().highScores(), m_flow.session());
    hud.wave = player.wave;
    hud.lives = player.ships;
    hud.players = simulation.settings().players;
    hud.currentPlayer = simulation.currentPlayer();
    if (hud.players == 2)
        hud.otherScore = simulation.player(1 - hud.currentPlayer).score;
    // The reserve cannons in the colour of the cannon in play (the cabinet's gel, the colour-blind palette).
    const std::optional<uint32_t> iconColor = lifeIconColor(lookSettings());
    const vox::VoxelModel icon = iconColor ? recolored(m_assets.cannon, *iconColor) : vox::VoxelModel{};
    hud.cannon = iconColor ? &icon : &m_assets.cannon;
    hud.playfieldMin = playfield.min; // unshaken: the HUD stays put when the picture shakes
    hud.playfieldMax = playfield.max;
    ui::drawHud(painter, hud);
}

void GameScene::drawInputPanel(ui::Painter& painter, const ScreenRect& playfield) {
    const std::optional<ShownInput> shown = m_flow.shownInput();
    if (!shown)
        return;
    ui::InputPanelModel model;
    model.left = shown->input.left;
    model.right = shown->input.right;
    model.fire = shown->input.fire;
    model.player = shown->player;
    model.playfieldMin = playfield.min; // beside the playfield as the HUD is: unshaken
    model.playfieldMax = playfield.max;
    m_lastInputPanel = ui::drawInputPanel(painter, model);
}

ui::ScreenBox GameScene::logoBox(glm::ivec2 size) const {
    const WorldBox bounds = m_playfield.logoBounds();
    const ScreenRect rect = screenRectOf(m_camera, size, bounds.min, bounds.max);
    return {rect.min, rect.max};
}

void GameScene::drawFrameRate(ui::Painter& painter) const {
    if (m_frameRateText.empty())
        return;
    // Bottom centre: the HUD's top row spans the width, the lives sit left of the centre below the
    // playfield and the hint bar in the bottom-right. On a small backdrop, as all text over the scene, and
    // last, so nothing covers it.
    const int32_t pad = painter.scale() * 2;
    const glm::ivec2 size = painter.measure(m_frameRateText);
    const glm::ivec2 min{(painter.size().x - size.x) / 2 - pad, painter.size().y - size.y - 2 * pad};
    painter.backdrop(min, min + size + glm::ivec2(2 * pad), false);
    painter.text(m_frameRateText, min + glm::ivec2(pad), ui::theme::kMuted, 1, false);
    painter.endBackdrop();
}

bool GameScene::showingCabinet() const {
    // The attract cycle shows the cabinet once in two rounds: every second demo game, in the player's view
    // (3D or flat), so a player who never opened the options meets it. Not with --demo (demo games only:
    // screenshots and soak runs show the player's look).
    return !m_demoOnly && m_flow.screen() == Screen::Demo && m_demoGames % 2 == 0 &&
           !m_flow.options().cabinet;
}

Settings GameScene::lookSettings() const {
    Settings settings = m_flow.options();
    settings.cabinet = settings.cabinet || showingCabinet();
    return settings;
}

void GameScene::drawCabinetCaption(ui::Painter& painter) const {
    if (!showingCabinet())
        return;
    // Top centre, under the HUD's scores (between them and the rack), on a small backdrop.
    const std::string caption = "THE 1978 CABINET: OPTIONS > CABINET";
    const int32_t pad = painter.scale() * 2;
    const glm::ivec2 size = painter.measure(caption);
    int32_t top = painter.lineHeight() * 3;
    for (const ui::ScreenBox& kept : painter.layout().keptClear) // below the HUD's top rows however tall
        if (kept.max.y < painter.size().y / 3)
            top = std::max(top, kept.max.y + pad);
    const glm::ivec2 min{(painter.size().x - size.x) / 2 - pad, top};
    painter.backdrop(min, min + size + glm::ivec2(2 * pad), false);
    painter.text(caption, min + glm::ivec2(pad), ui::theme::kAccent, 1, false);
    painter.endBackdrop();
}

SceneDebugView GameScene::debugView() const {
    const Simulation* simulation = m_flow.scenery() == Scenery::Playfield ? m_flow.simulation() : nullptr;
    return {m_camera, m_renderer.lastFrameStats(), simulation, m_stepMilliseconds};
}

} // namespace invaders
