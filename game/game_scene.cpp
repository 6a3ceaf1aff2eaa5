#include "game_scene.h"

#include "audio/sound_bank.h"
#include "persist/save_files.h"

#include "vox/render/camera.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <string>

namespace invaders {
namespace {

using arcade::kCellSize;

glm::vec3 at(glm::ivec3 placement) {
    return {static_cast<float>(placement.x), static_cast<float>(placement.y), 0.0f};
}
glm::vec3 at(int32_t x, int32_t y) {
    return {static_cast<float>(x), static_cast<float>(y), 0.0f};
}

std::string fourDigits(int64_t score) {
    char text[16];
    std::snprintf(text, sizeof text, "%04lld", static_cast<long long>(score));
    return text;
}

constexpr glm::vec4 kMenuAccent{0.5f, 1.0f, 0.6f, 1.0f}; // titles, highlights, prompts

std::string upper(std::string text) {
    for (char& c : text)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return text;
}

// `text` followed by spaces up to `width` characters (the font is monospaced: this makes columns).
std::string padded(std::string text, size_t width) {
    text.resize(std::max(text.size(), width), ' ');
    return text;
}

// What the controls screen calls each rebindable action.
std::string_view displayName(vox::Action action) {
    switch (action) {
    case vox::Action::Left:
        return "MOVE LEFT";
    case vox::Action::Right:
        return "MOVE RIGHT";
    case vox::Action::Fire:
        return "FIRE";
    case vox::Action::Pause:
        return "PAUSE";
    case vox::Action::Start:
        return "START";
    case vox::Action::ToggleFullscreen:
        return "FULLSCREEN";
    case vox::Action::ToggleDebugOverlay:
        return "DEBUG OVERLAY";
    case vox::Action::Quit:
        break;
    }
    return "?";
}

std::string keyNames(const std::vector<vox::KeyBinding>& keys) {
    std::string text;
    for (const vox::KeyBinding& key : keys) {
        if (!text.empty())
            text += ", ";
        text += upper(keyBindingName(key));
    }
    return text.empty() ? "(NONE)" : text;
}

// The controls screen's status line for `note`.
std::string noteText(const ControlsNote& note) {
    const RebindResult& rebind = note.rebind;
    const std::string key = upper(keyBindingName(rebind.key));
    const std::string action(displayName(rebind.action));
    const std::string other(displayName(rebind.other));
    switch (note.kind) {
    case ControlsNote::Kind::None:
        return {};
    case ControlsNote::Kind::Cancelled:
        return "CANCELLED: NOTHING CHANGED";
    case ControlsNote::Kind::Unnamed:
        return "THAT KEY HAS NO NAME, SO IT CANNOT BE SAVED";
    case ControlsNote::Kind::Reset:
        return "DEFAULT KEYS RESTORED";
    case ControlsNote::Kind::Rebound:
        break;
    }
    switch (rebind.kind) {
    case RebindKind::Bound:
        return action + ": " + key;
    case RebindKind::Moved:
        return key + " MOVED FROM " + other + " TO " + action;
    case RebindKind::Swapped:
        return key + " WAS " + other + "'S ONLY KEY: " + other + " TOOK " + action + "'S KEYS";
    case RebindKind::Refused:
        return key + " IS " + other + "'S ONLY KEY: NOTHING CHANGED";
    }
    return {};
}

} // namespace

vox::Result<std::unique_ptr<GameScene>> GameScene::create(const std::filesystem::path& shaderDirectory,
                                                          const GameAssets& assets, const FlowSettings& flow,
                                                          HighScoreTable highScores, SaveFilePaths files,
                                                          AudioSystem audio) {
    vox::Result<vox::SceneRenderer> renderer = vox::SceneRenderer::create(shaderDirectory);
    if (!renderer)
        return renderer.error();
    return std::unique_ptr<GameScene>(new GameScene(std::move(renderer).value(), assets, flow,
                                                    std::move(highScores), std::move(files),
                                                    std::move(audio)));
}

GameScene::GameScene(vox::SceneRenderer renderer, const GameAssets& assets, const FlowSettings& flow,
                     HighScoreTable highScores, SaveFilePaths files, AudioSystem audio)
    : m_renderer(std::move(renderer)), m_assets(assets), m_flow(flow, assets, std::move(highScores)),
      m_files(std::move(files)), m_audio(std::move(audio)), m_debris({}, flow.seed) {
    for (size_t type = 0; type < 3; ++type) {
        for (size_t frame = 0; frame < 2; ++frame)
            m_invaderMeshes[type][frame] = m_renderer.addMesh(m_assets.invaders[type][frame]);
        for (size_t frame = 0; frame < 4; ++frame)
            m_alienShotMeshes[type][frame] = m_renderer.addMesh(m_assets.alienShots[type][frame]);
    }
    m_cannonMesh = m_renderer.addMesh(m_assets.cannon);
    m_saucerMesh = m_renderer.addMesh(m_assets.saucer);
    m_playerShotMesh = m_renderer.addMesh(m_assets.playerShot);
    m_invaderExplosionMesh = m_renderer.addMesh(m_assets.invaderExplosion);
    m_playerBurstMesh = m_renderer.addMesh(m_assets.playerShotExplosion);
    m_alienBurstMesh = m_renderer.addMesh(m_assets.alienShotExplosion);
    for (vox::MeshHandle& mesh : m_shieldMeshes)
        mesh = m_renderer.addMesh(m_assets.shield);
}

// --- Stepping -----------------------------------------------------------------------------------------

void GameScene::step(const vox::ActionState& input) {
    const auto start = std::chrono::steady_clock::now(); // for the debug overlay's figures only
    m_flow.step(input);
    m_stepMilliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    handleEvents();
    updateSaucerLoop();
    m_debris.step();
    m_shake *= 0.9f;
    ++m_tick;
    if (m_flow.screen() == Screen::Paused || m_flow.screen() == Screen::Options ||
        m_flow.screen() == Screen::Controls)
        m_audio.stopAll();
    saveChanges();
}

void GameScene::saveChanges() {
    // A failed save is a warning: the game goes on and the old file is intact (atomic writes).
    const auto warn = [](const vox::Status& status) {
        if (!status)
            std::fprintf(stderr, "voxel-invaders: warning: %s\n", status.error().message.c_str());
    };
    if (m_flow.takeOptionsChanged()) {
        const Settings& options = m_flow.options();
        m_audio.setVolumes({options.masterVolume, options.effectsVolume, options.mute});
        if (m_files.settings)
            warn(saveSettings(*m_files.settings, options));
    }
    if (m_flow.takeHighScoresChanged() && m_files.highScores)
        warn(saveHighScores(*m_files.highScores, m_flow.highScores()));
}

void GameScene::handleEvents() {
    const Simulation* simulation = m_flow.simulation();
    if (simulation == nullptr)
        return;
    for (const SimEvent& event : m_flow.events()) {
        const std::span<const DebrisVoxel> debris = simulation->debris(event);
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
            m_debris.spawn(m_removed, glm::vec3(0.0f), burst);
        }
        switch (event.type) {
        case SimEventType::MarchNote:
            m_audio.play(marchNote(event.value));
            break;
        case SimEventType::PlayerShotFired:
            m_audio.play(SoundId::Shot);
            break;
        case SimEventType::InvaderKilled:
            m_audio.play(SoundId::InvaderHit);
            m_shake = std::max(m_shake, 0.6f);
            break;
        case SimEventType::PlayerHit:
            m_audio.play(SoundId::PlayerHit);
            m_shake = 2.5f;
            break;
        case SimEventType::SaucerHit:
            m_audio.play(SoundId::SaucerHit);
            m_shake = std::max(m_shake, 1.2f);
            break;
        case SimEventType::ExtraShip:
            m_audio.play(SoundId::ExtraLife);
            break;
        default:
            break;
        }
    }
}

void GameScene::updateSaucerLoop() {
    const Simulation* simulation = m_flow.simulation();
    const Screen screen = m_flow.screen();
    const bool running = screen == Screen::Playing || screen == Screen::Demo || screen == Screen::Replay;
    const bool wanted = running && simulation != nullptr && simulation->saucer().active;
    if (wanted != m_saucerLooping) {
        if (wanted)
            m_audio.startLoop(SoundId::SaucerLoop);
        else
            m_audio.stopLoop(SoundId::SaucerLoop);
        m_saucerLooping = wanted;
    }
}

// --- Drawing ------------------------------------------------------------------------------------------

void GameScene::render(int width, int height, double alpha) {
    const double seconds = static_cast<double>(m_tick) / 60.0;
    const glm::vec2 shake = vox::cameraShake(m_shake, seconds, 7);
    m_camera = vox::framePlayfield({}, static_cast<float>(width) / static_cast<float>(height), shake);
    m_renderer.beginFrame(m_camera, vox::Viewport{0, 0, width, height}, seconds);
    const Simulation* simulation = m_flow.simulation();
    const Screen screen = m_flow.screen();
    if (screen == Screen::Title)
        drawTitle();
    else if (simulation != nullptr && screen != Screen::Options && screen != Screen::Controls)
        drawSimulation(*simulation); // the menus take the whole screen, for legible text
    m_renderer.drawDebris(m_debris, static_cast<float>(alpha));
    drawOverlay();
    (void)m_renderer.endFrame();
}

SceneDebugView GameScene::debugView() const {
    const Simulation* simulation = m_flow.screen() == Screen::Title ? nullptr : m_flow.simulation();
    return {m_camera, m_renderer.lastFrameStats(), simulation, m_stepMilliseconds};
}

void GameScene::syncShieldMeshes(const Simulation& simulation) {
    const bool sameSource = m_shieldSource == &simulation && m_shieldPlayer == simulation.currentPlayer();
    const PlayerState& player = simulation.activePlayer();
    for (size_t s = 0; s < m_shieldMeshes.size(); ++s) {
        if (sameSource && m_shieldRevisions[s] == player.shields[s].revision)
            continue;
        m_renderer.updateMesh(m_shieldMeshes[s], player.shields[s].model);
        m_shieldRevisions[s] = player.shields[s].revision;
    }
    m_shieldSource = &simulation;
    m_shieldPlayer = simulation.currentPlayer();
}

void GameScene::drawSimulation(const Simulation& simulation) {
    syncShieldMeshes(simulation);
    const PlayerState& player = simulation.activePlayer();
    for (size_t s = 0; s < player.shields.size(); ++s)
        m_renderer.drawSprite({.mesh = m_shieldMeshes[s], .position = at(player.shields[s].placement)});
    for (int32_t i = 0; i < arcade::kInvaderCount; ++i) {
        const Invader& invader = player.rack.invaders[static_cast<size_t>(i)];
        if (!invader.alive)
            continue;
        const auto type = static_cast<size_t>(Simulation::typeOfRow(Simulation::rowOf(i)));
        m_renderer.drawSprite(
            {.mesh = m_invaderMeshes[type][invader.frame], .position = at(invader.placement)});
    }
    const Cannon& cannon = simulation.cannon();
    if (cannon.phase == CannonPhase::Alive) {
        m_renderer.drawSprite({.mesh = m_cannonMesh, .position = at(cannon.placement)});
    } else if (cannon.phase == CannonPhase::Exploding) {
        const bool blink = (cannon.timer / 4) % 2 == 0;
        m_renderer.drawSprite({.mesh = m_cannonMesh,
                               .position = at(cannon.placement),
                               .tint = blink ? glm::vec3(1.0f, 0.3f, 0.2f) : glm::vec3(0.4f),
                               .flash = blink ? 0.6f : 0.0f});
    }
    const PlayerShot& shot = simulation.playerShot();
    if (shot.phase == ShotPhase::Flying)
        m_renderer.drawSprite(
            {.mesh = m_playerShotMesh,
             .position = at(shot.position.x - m_assets.playerShot.size().x / 2, shot.position.y)});
    for (size_t type = 0; type < 3; ++type) {
        const AlienShot& alienShot = simulation.alienShots()[type];
        if (!alienShot.active)
            continue;
        const vox::VoxelModel& model = m_assets.alienShots[type][static_cast<size_t>(alienShot.steps % 4)];
        m_renderer.drawSprite(
            {.mesh = m_alienShotMeshes[type][static_cast<size_t>(alienShot.steps % 4)],
             .position = at(alienShot.position.x - model.size().x / 2, alienShot.position.y)});
    }
    const Saucer& saucer = simulation.saucer();
    if (saucer.active)
        m_renderer.drawSprite({.mesh = m_saucerMesh, .position = at(saucer.placement)});
    for (const Explosion& explosion : simulation.explosions()) {
        const float fade = static_cast<float>(explosion.framesLeft) / 16.0f;
        switch (explosion.kind) {
        case ExplosionKind::Invader: {
            const glm::ivec3 size = m_assets.invaderExplosion.size();
            m_renderer.drawSprite(
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
            m_renderer.drawSprite({.mesh = fromPlayer ? m_playerBurstMesh : m_alienBurstMesh,
                                   .position = at(explosion.position.x - model.size().x / 2,
                                                  explosion.position.y - model.size().y / 2),
                                   .scale = 0.6f,
                                   .tint = glm::vec3(1.0f, 0.6f, 0.3f),
                                   .flash = 0.7f});
            break;
        }
        case ExplosionKind::Saucer:
            m_renderer.drawSprite({.mesh = m_invaderExplosionMesh,
                                   .position = at(explosion.position.x + 4, explosion.position.y),
                                   .tint = glm::vec3(1.0f, 0.4f, 0.4f),
                                   .flash = 0.5f});
            break;
        case ExplosionKind::Cannon:
            break; // the blinking cannon shows it
        }
    }
}

void GameScene::drawTitle() {
    // The score advance table: each sprite beside its value.
    const float x = 62.0f;
    m_renderer.drawSprite({.mesh = m_saucerMesh, .position = {x - 4.0f, 150.0f, 0.0f}});
    const InvaderType types[] = {InvaderType::Squid, InvaderType::Crab, InvaderType::Octopus};
    const int frame = static_cast<int>((m_tick / 30) % 2);
    for (int i = 0; i < 3; ++i) {
        const vox::VoxelModel& model =
            m_assets.invaders[static_cast<size_t>(types[i])][static_cast<size_t>(frame)];
        m_renderer.drawSprite(
            {.mesh = m_invaderMeshes[static_cast<size_t>(types[i])][static_cast<size_t>(frame)],
             .position = {x + static_cast<float>(8 - model.size().x / 2),
                          126.0f - 24.0f * static_cast<float>(i), 0.0f}});
    }
}

void GameScene::drawMenu(std::string_view heading, std::span<const std::string> entries, int32_t selected) {
    m_renderer.drawText(heading, {.anchor = {0.5f, 0.2f}, .scale = 2});
    // Two passes over the same box (the other pass's lines blanked to spaces, so both lay out alike): the
    // entries in white, the selected one in the accent colour.
    std::string plain;
    std::string highlighted;
    for (int32_t i = 0; i < static_cast<int32_t>(entries.size()); ++i) {
        const std::string line = (i == selected ? "> " : "  ") + entries[static_cast<size_t>(i)];
        plain += i == selected ? std::string(line.size(), ' ') : line;
        highlighted += i == selected ? line : std::string(line.size(), ' ');
        plain += '\n';
        highlighted += '\n';
    }
    const vox::TextStyle style{.anchor = {0.5f, 0.3f}, .pivot = {0.5f, 0.0f}};
    m_renderer.drawText(plain, style);
    vox::TextStyle accent = style;
    accent.color = kMenuAccent;
    m_renderer.drawText(highlighted, accent);
}

void GameScene::drawOptions() {
    const Settings& options = m_flow.options();
    const auto percent = [](float volume) {
        return std::to_string(static_cast<int>(volume * 100.0f + 0.5f)) + "%";
    };
    const auto onOff = [](bool on) { return std::string(on ? "ON" : "OFF"); };
    const std::string entries[kOptionItemCount] = {
        "MASTER VOLUME  " + percent(options.masterVolume),
        "EFFECTS VOLUME " + percent(options.effectsVolume),
        "MUTE           " + onOff(options.mute),
        "DIFFICULTY     " + upper(std::string(difficultyName(options.difficulty))),
        "FULLSCREEN     " + onOff(options.fullscreen),
        "VSYNC          " + onOff(options.vsync),
        "CONTROLS       >",
        "BACK",
    };
    drawMenu("OPTIONS", entries, static_cast<int32_t>(m_flow.optionSelection()));
    if (!m_optionsNote.empty())
        m_renderer.drawText(m_optionsNote, {.anchor = {0.5f, 0.84f}, .color = {1.0f, 0.6f, 0.4f, 1.0f}});
    m_renderer.drawText(m_flow.optionSelection() == OptionItem::Controls
                            ? "LEFT/RIGHT: REBIND KEYS   FIRE: NEXT   ENTER: BACK"
                            : "FIRE: NEXT   LEFT/RIGHT: CHANGE   ENTER: BACK",
                        {.anchor = {0.5f, 0.92f}});
}

void GameScene::drawControls() {
    const KeyBindings& keys = m_flow.options().keys;
    const int32_t selected = m_flow.controlsSelection();
    const bool listening = m_flow.listeningForKey();
    std::array<std::string, kControlsEntryCount> entries;
    for (size_t i = 0; i < kRebindableActions.size(); ++i) {
        const vox::Action action = kRebindableActions[i];
        const bool blink = (m_tick / 20) % 2 == 0;
        const bool waiting = listening && static_cast<int32_t>(i) == selected;
        entries[i] = padded(std::string(displayName(action)), 15) +
                     (waiting ? (blink ? "..." : "") : keyNames(keys[static_cast<size_t>(action)]));
    }
    entries[kControlsResetEntry] = "RESET TO DEFAULTS";
    entries[kControlsBackEntry] = "BACK";
    drawMenu("CONTROLS", entries, selected);
    std::string status = noteText(m_flow.controlsNote());
    if (listening) {
        status = "PRESS A KEY FOR ";
        status += displayName(kRebindableActions[static_cast<size_t>(selected)]);
        status += " - ESC CANCELS";
    }
    if (!status.empty())
        m_renderer.drawText(status, {.anchor = {0.5f, 0.84f}, .color = kMenuAccent});
    m_renderer.drawText("LEFT/RIGHT: SELECT   FIRE: CHOOSE   ESC: BACK", {.anchor = {0.5f, 0.92f}});
}

void GameScene::drawOverlay() {
    const Simulation* simulation = m_flow.simulation();
    const Screen screen = m_flow.screen();
    vox::HudInfo hud;
    hud.hiScore = m_flow.hiScore();
    std::string subMessage;
    if (simulation != nullptr && screen != Screen::Title) {
        const PlayerState& player = simulation->activePlayer();
        hud.score = player.score;
        hud.lives = player.ships;
        hud.wave = player.wave;
        if (simulation->settings().players == 2) {
            const int32_t other = 1 - simulation->currentPlayer();
            // Built by appending: GCC 12 misreports operator+ chains under -Wrestrict (bug 105329).
            std::string line = "PLAYER ";
            line += std::to_string(simulation->currentPlayer() + 1);
            line += "   P";
            line += std::to_string(other + 1);
            line += ' ';
            line += fourDigits(simulation->player(other).score);
            m_renderer.drawText(line, {.anchor = {0.5f, 0.0f}, .pivot = {0.5f, 0.0f}, .offset = {0, 22}});
        }
        const bool inPlay = screen == Screen::Playing || screen == Screen::Demo || screen == Screen::Replay;
        if (simulation->cannon().phase == CannonPhase::Waiting && simulation->phase() == SimPhase::Playing &&
            inPlay)
            hud.message = simulation->settings().players == 2
                              ? (simulation->currentPlayer() == 0 ? "PLAY PLAYER 1" : "PLAY PLAYER 2")
                              : "GET READY";
    }
    switch (screen) {
    case Screen::Title: {
        // Title, the score advance table beside the sprites drawn by drawTitle(), the top five.
        m_renderer.drawText("VOXEL INVADERS", {.anchor = {0.5f, 0.2f}, .scale = 3, .color = kMenuAccent});
        m_renderer.drawText("*SCORE ADVANCE TABLE*", {.anchor = {0.5f, 0.37f}});
        const char* lines[] = {"= ? MYSTERY", "= 30 POINTS", "= 20 POINTS", "= 10 POINTS"};
        for (int i = 0; i < 4; ++i)
            m_renderer.drawText(lines[i], {.anchor = {0.44f, 0.458f + 0.085f * static_cast<float>(i)},
                                           .pivot = {0.0f, 0.5f}});
        m_renderer.drawText(m_flow.titlePlayers() == 1 ? "< 1 PLAYER >   PRESS ENTER"
                                                       : "< 2 PLAYERS >   PRESS ENTER",
                            {.anchor = {0.5f, 0.84f}, .color = kMenuAccent});
        // The top five; rows nobody has reached yet show placeholders, so the table is never blank.
        std::string table = "HIGH SCORES";
        const std::vector<HighScore>& entries = m_flow.highScores().entries();
        for (size_t rank = 0; rank < 5; ++rank) {
            table += '\n';
            table += std::to_string(rank + 1);
            table += ". ";
            if (rank < entries.size()) {
                table += entries[rank].initialsText();
                table += ' ';
                table += fourDigits(entries[rank].score);
            } else {
                table += "--- 0000";
            }
        }
        m_renderer.drawText(table, {.anchor = {0.86f, 0.45f}, .pivot = {0.5f, 0.0f}});
        m_renderer.drawText("ESC: OPTIONS", {.anchor = {0.14f, 0.45f}});
        std::string hi = "HI-SCORE ";
        hi += fourDigits(hud.hiScore);
        m_renderer.drawText(hi, {.anchor = {0.5f, 0.04f}, .pivot = {0.5f, 0.0f}});
        return; // no game HUD on the title
    }
    case Screen::Demo:
        m_renderer.drawText("DEMO - PRESS ENTER TO PLAY", {.anchor = {0.5f, 0.93f}});
        break;
    case Screen::Paused:
        hud.message = "PAUSED";
        subMessage = m_flow.pauseSelection() == PauseItem::Resume    ? "> RESUME <   OPTIONS     QUIT  "
                     : m_flow.pauseSelection() == PauseItem::Options ? "  RESUME   > OPTIONS <   QUIT  "
                                                                     : "  RESUME     OPTIONS   > QUIT <";
        break;
    case Screen::GameOver:
        hud.message = "GAME OVER";
        break;
    case Screen::EnterInitials: {
        hud.message = "NEW HIGH SCORE";
        const auto& initials = m_flow.initials();
        subMessage = "PLAYER ";
        subMessage += std::to_string(m_flow.initialsPlayer() + 1);
        subMessage += "  ";
        for (int i = 0; i < 3; ++i) {
            const bool current = i == m_flow.initialsCursor() && (m_tick / 15) % 2 == 0;
            subMessage += current ? '_' : initials[static_cast<size_t>(i)];
            subMessage += ' ';
        }
        break;
    }
    case Screen::Replay:
        m_renderer.drawText("REPLAY", {.anchor = {0.5f, 0.93f}});
        break;
    case Screen::Options:
        drawOptions();
        break;
    case Screen::Controls:
        drawControls();
        break;
    case Screen::Playing:
        break;
    }
    if (simulation != nullptr && simulation->phase() == SimPhase::GameOver &&
        screen != Screen::EnterInitials && screen != Screen::Title)
        hud.message = "GAME OVER";
    hud.subMessage = subMessage;
    m_renderer.drawHud(hud);
}

} // namespace invaders
