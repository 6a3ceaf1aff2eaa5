#pragma once
// `GameScene`: the game as the app runs it. Each step: the `GameFlow` (screens and the simulation) takes
// the input, its events are played by the `AudioSystem` and turned into debris, and what changed is saved.
// Each frame: the scenery the screen asks for (`PlayfieldView`), the debris, the HUD, then the screen's
// widgets (game/ui) over them.

#include "demo_scene.h"
#include "game_flow.h"
#include "scene/beat_light.h"
#include "scene/playfield_camera.h"
#include "scene/playfield_view.h"

#include "audio/audio_system.h"
#include "audio/game_sounds.h"
#include "persist/high_scores.h"
#include "persist/run_store.h"
#include "touch_input.h"
#include "ui/input_panel.h"
#include "ui/painter.h"

#include "vox/core/result.h"
#include "vox/render/debris.h"
#include "vox/render/scene_renderer.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace invaders {

/// Where the scene saves what the player changes; none: it does not save (headless runs).
struct SaveFilePaths {
    std::optional<std::filesystem::path> settings;   ///< Written when the options change (`saveOptions`).
    std::optional<std::filesystem::path> highScores; ///< Written when the top-10 table changes; its
                                                     ///< entries' runs go beside it, SHAREd runs in
                                                     ///< "shared" in its folder (persist/run_store.h).
};

/// See the file comment.
class GameScene final : public DemoScene {
public:
    /// Builds the renderer from `shaderDirectory` and meshes every model of `assets`. Options and high
    /// scores are saved to `files` when they change.
    [[nodiscard]] static vox::Result<std::unique_ptr<GameScene>>
    create(const std::filesystem::path& shaderDirectory, const GameAssets& assets, const FlowSettings& flow,
           HighScoreTable highScores, SaveFilePaths files, AudioSystem audio);

    void step(const vox::ActionState& input) override;
    void render(int width, int height, double alpha) override;
    [[nodiscard]] SceneDebugView debugView() const override;

    /// The flow, for the app's end-of-run duties (replay, state hash), quitting and applying the options.
    [[nodiscard]] const GameFlow& flow() const { return m_flow; }
    /// A key went down (not a repeat): for the screens that take keys themselves (controls, initials).
    void keyPressed(SDL_Scancode key) { m_flow.keyPressed(key); }
    /// A gamepad button went down: cancels listening for a key.
    void buttonPressed() { m_flow.buttonPressed(); }
    /// A tap on a touch screen at `where` (fractions of the screen), for the menu of the next step.
    void tapped(glm::vec2 where) { m_flow.tapped(where); }
    /// A finger came down on the touch screen: the hints name the touch controls (GameFlow::touched).
    void touched() { m_flow.touched(); }
    /// F11 (the runner's): flips the fullscreen option, which the runner then applies.
    void toggleFullscreen() { m_flow.toggleFullscreen(); }
    /// Draws `touch`'s on-screen controls over every frame (when it shows them); null: none. Not owned.
    void setTouchInput(TouchInput* touch) { m_touch = touch; }
    /// A line the options screen shows about applying them ("VSYNC REFUSED BY THE GRAPHICS DRIVER"); empty:
    /// none.
    void setOptionsNote(std::string note) { m_flow.setOptionsNote(std::move(note)); }
    /// What the window really does now (vsync, fullscreen), for the options screen.
    void setDisplay(const DisplayState& display) { m_flow.setDisplay(display); }
    /// Plays at these volumes from now on (the runner's `OptionsApplier` calls it).
    void setVolumes(const Volumes& volumes) {
        m_volumes = volumes;
        m_audio.setVolumes(volumes);
    }
    /// The volumes the audio plays at.
    [[nodiscard]] const Volumes& volumes() const { return m_volumes; }
    /// Writes `options` to the settings file, if this run saves (the runner's `OptionsApplier` calls it).
    void saveOptions(const Settings& options);
    /// The models the game was built with.
    [[nodiscard]] const GameAssets& assets() const { return m_assets; }
    /// The debris of the scene on screen (frozen while the game is paused, cleared on a scene change).
    [[nodiscard]] const vox::DebrisSystem& debris() const { return m_debris; }
    /// The small frame-rate counter (--fps) drawn at the bottom centre of each frame, such as
    /// "60 FPS  16.7 MS"; empty (the default): none. Clear of the HUD at 1024 x 768 and larger.
    void setFrameRateText(std::string text) { m_frameRateText = std::move(text); }
    /// True while the attract cycle shows off the cabinet look: every second demo game, not with --demo.
    [[nodiscard]] bool showingCabinet() const;
    /// Every text the latest frame drew (for the contrast tests).
    [[nodiscard]] const std::vector<ui::DrawnText>& lastFrameTexts() const { return m_lastTexts; }
    /// Where the latest frame drew the input panel (ui/input_panel.h); nothing when it drew none.
    [[nodiscard]] const std::optional<ui::InputPanelLayout>& lastInputPanel() const {
        return m_lastInputPanel;
    }
    /// The latest frame's layout: its panels and bars, and what they keep clear of (the HUD, the hi-score,
    /// the logo), for the layout tests.
    [[nodiscard]] const ui::FrameLayout& lastFrameLayout() const { return m_lastLayout; }
    /// Where the latest frame with the playfield had it on screen (the HUD and the input panel sit beside).
    [[nodiscard]] const ScreenRect& lastPlayfieldRect() const { return m_lastPlayfield; }

private:
    GameScene(vox::SceneRenderer renderer, const GameAssets& assets, const FlowSettings& flow,
              HighScoreTable highScores, SaveFilePaths files, AudioSystem audio);
    void saveChanges();
    void handleEvents();
    void drawHud(ui::Painter& painter, const ScreenRect& playfield) const;
    void drawInputPanel(ui::Painter& painter, const ScreenRect& playfield);
    void drawFrameRate(ui::Painter& painter) const;
    void drawCabinetCaption(ui::Painter& painter) const;
    [[nodiscard]] ui::ScreenBox logoBox(glm::ivec2 size) const;
    [[nodiscard]] Settings lookSettings() const;

    vox::SceneRenderer m_renderer;
    GameAssets m_assets;
    std::unique_ptr<RunStore> m_runStore; // null when nothing is saved
    GameFlow m_flow;
    TouchInput* m_touch = nullptr;
    PlayfieldView m_playfield;
    SaveFilePaths m_files;
    AudioSystem m_audio;
    Volumes m_volumes; // what m_audio plays at
    GameSounds m_sounds;
    vox::DebrisSystem m_debris;
    std::vector<vox::RemovedVoxel> m_removed;
    int64_t m_tick = 0;
    uint64_t m_savedHighScores = 0; // Runs::highScoresVersion() of the table saved last
    uint64_t m_watchJumps = 0;      // Runs::watchJumps() at the latest step
    bool m_sessionMoved = false;    // the latest step moved the game's session (not paused): interpolate
    float m_shake = 0.0f;
    PlayfieldCamera m_view;
    BeatLight m_beat;
    int64_t m_demoGames = 0; // demo games started, for the attract cycle's showing of the cabinet
    bool m_demoOnly = false; // --demo: demo games only, each in the player's look (screenshots, soaks)
    vox::Camera m_camera;
    double m_stepMilliseconds = 0.0;
    std::vector<ui::DrawnText> m_lastTexts;
    std::optional<ui::InputPanelLayout> m_lastInputPanel;
    ui::FrameLayout m_lastLayout;
    ScreenRect m_lastPlayfield;
    std::string m_frameRateText;
};

} // namespace invaders
