#pragma once
// `GameScene`: the game as the app runs it: a `GameFlow` (screens and the simulation) drawn with the
// voxel `SceneRenderer`, its events played by the `AudioSystem` and turned into debris, and the top-10
// table saved when it changes.

#include "demo_scene.h"
#include "game_flow.h"

#include "audio/audio_system.h"
#include "persist/high_scores.h"

#include "vox/core/result.h"
#include "vox/render/debris.h"
#include "vox/render/scene_renderer.h"

#include <array>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace invaders {

/// Where the scene saves what the player changes; none: it does not save (headless runs).
struct SaveFilePaths {
    std::optional<std::filesystem::path> settings;   ///< Written when the options change.
    std::optional<std::filesystem::path> highScores; ///< Written when the top-10 table changes.
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
    /// A key went down (not a repeat): for the controls screen, which binds it while listening.
    void keyPressed(SDL_Scancode key) { m_flow.keyPressed(key); }
    /// A gamepad button went down: cancels listening for a key.
    void buttonPressed() { m_flow.buttonPressed(); }
    /// A line the options screen shows about applying them ("VSYNC REFUSED BY THE GRAPHICS DRIVER"); empty:
    /// none.
    void setOptionsNote(std::string note) { m_optionsNote = std::move(note); }
    /// The models the game was built with.
    [[nodiscard]] const GameAssets& assets() const { return m_assets; }

private:
    GameScene(vox::SceneRenderer renderer, const GameAssets& assets, const FlowSettings& flow,
              HighScoreTable highScores, SaveFilePaths files, AudioSystem audio);
    void saveChanges();
    void drawMenu(std::string_view heading, std::span<const std::string> entries, int32_t selected);
    void drawOptions();
    void drawControls();
    void handleEvents();
    void updateSaucerLoop();
    void drawSimulation(const Simulation& simulation);
    void drawTitle();
    void drawOverlay();
    void syncShieldMeshes(const Simulation& simulation);

    vox::SceneRenderer m_renderer;
    GameAssets m_assets;
    GameFlow m_flow;
    SaveFilePaths m_files;
    AudioSystem m_audio;
    vox::DebrisSystem m_debris;
    std::vector<vox::RemovedVoxel> m_removed;

    std::array<std::array<vox::MeshHandle, 2>, 3> m_invaderMeshes{};
    std::array<std::array<vox::MeshHandle, 4>, 3> m_alienShotMeshes{};
    vox::MeshHandle m_cannonMesh{};
    vox::MeshHandle m_saucerMesh{};
    vox::MeshHandle m_playerShotMesh{};
    vox::MeshHandle m_invaderExplosionMesh{};
    vox::MeshHandle m_playerBurstMesh{};
    vox::MeshHandle m_alienBurstMesh{};
    std::array<vox::MeshHandle, 4> m_shieldMeshes{};
    std::array<uint32_t, 4> m_shieldRevisions{};
    const Simulation* m_shieldSource = nullptr;
    int32_t m_shieldPlayer = -1;
    bool m_saucerLooping = false;
    int64_t m_tick = 0;
    float m_shake = 0.0f;
    vox::Camera m_camera;
    double m_stepMilliseconds = 0.0;
    std::string m_optionsNote;
};

} // namespace invaders
