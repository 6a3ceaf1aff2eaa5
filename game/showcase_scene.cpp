#include "showcase_scene.h"

#include "vox/render/camera.h"

#include <algorithm>
#include <cmath>

namespace invaders {
namespace {

// Arcade layout, in voxels (one arcade pixel each).
constexpr int kColumns = 11;
constexpr int kRows = 5;
constexpr float kFormationLeft = 24.0f;
constexpr float kTopRowY = 184.0f;
constexpr float kCell = 16.0f;
constexpr std::array<float, 4> kShieldX{32.0f, 77.0f, 122.0f, 167.0f};
constexpr float kShieldY = 48.0f;
constexpr int kStepsPerFrame = 30; // invader animation
constexpr int kCycle = 150;        // steps between kills

int invaderType(int row) {
    return row == 0 ? 0 : (row <= 2 ? 1 : 2);
}

} // namespace

vox::Result<std::unique_ptr<ShowcaseScene>>
ShowcaseScene::create(const std::filesystem::path& shaderDirectory,
                      const std::filesystem::path& assetDirectory, uint64_t seed) {
    vox::Result<vox::SceneRenderer> renderer = vox::SceneRenderer::create(shaderDirectory);
    if (!renderer)
        return renderer.error();
    std::unique_ptr<ShowcaseScene> scene(new ShowcaseScene(std::move(renderer).value(), seed));
    struct Load {
        SpriteMeshes* into;
        const char* file;
    };
    const std::array<Load, 11> loads{{
        {&scene->m_invaders[0], "invader_jelly.vox"},
        {&scene->m_invaders[1], "invader_beetle.vox"},
        {&scene->m_invaders[2], "invader_brute.vox"},
        {&scene->m_player, "player.vox"},
        {&scene->m_saucer, "saucer.vox"},
        {&scene->m_shield, "shield.vox"},
        {&scene->m_explosion, "explosion_invader.vox"},
        {&scene->m_shotStencil, "explosion_shot_down.vox"},
        {&scene->m_shots[0], "shot_player.vox"},
        {&scene->m_shots[1], "shot_rolling.vox"},
        {&scene->m_shots[2], "shot_plunger.vox"},
    }};
    for (const Load& load : loads) {
        vox::Result<SpriteMeshes> sprite = loadSpriteMeshes(scene->m_renderer, assetDirectory / load.file);
        if (!sprite)
            return sprite.error();
        *load.into = std::move(sprite).value();
    }
    vox::Result<SpriteMeshes> squiggly =
        loadSpriteMeshes(scene->m_renderer, assetDirectory / "shot_squiggly.vox");
    if (!squiggly)
        return squiggly.error();
    scene->m_shots[3] = std::move(squiggly).value();
    scene->resetShields();
    // The seed shows from the first frame: bombs have already hit the shields in seed-chosen places.
    for (int bomb = 0; bomb < 3; ++bomb)
        scene->bombShield();
    scene->m_flying = {
        {0, {111.0f, 70.0f}, {111.0f, 70.0f}, 4.0f},
        {1, {58.0f, 150.0f}, {58.0f, 150.0f}, -1.5f},
        {2, {140.0f, 110.0f}, {140.0f, 110.0f}, -1.5f},
        {3, {190.0f, 95.0f}, {190.0f, 95.0f}, -1.5f},
    };
    return scene;
}

ShowcaseScene::ShowcaseScene(vox::SceneRenderer renderer, uint64_t seed)
    : m_renderer(std::move(renderer)), m_rng(seed) {
    vox::DebrisSettings debris;
    debris.groundHeight = m_renderer.look().groundHeight;
    m_debris = vox::DebrisSystem(debris, seed);
}

void ShowcaseScene::resetShields() {
    for (Shield& shield : m_shields)
        m_renderer.removeMesh(shield.mesh);
    m_shields.clear();
    for (float x : kShieldX) {
        Shield shield;
        shield.model = m_shield.sprite.frames[0];
        shield.mesh = m_renderer.addMesh(shield.model);
        shield.position = glm::vec3(x, kShieldY, 0.0f);
        m_shields.push_back(std::move(shield));
    }
}

glm::vec3 ShowcaseScene::invaderPosition(int index, int frame) const {
    const int row = index / kColumns;
    const int column = index % kColumns;
    const vox::VoxelModel& model =
        m_invaders[static_cast<size_t>(invaderType(row))].sprite.frames[static_cast<size_t>(frame)];
    const float x = kFormationLeft + static_cast<float>(column) * kCell +
                    std::floor((kCell - static_cast<float>(model.size().x)) / 2.0f);
    return glm::vec3(x, kTopRowY - static_cast<float>(row) * kCell, 0.0f);
}

void ShowcaseScene::killInvader() {
    int index = static_cast<int>(m_rng.below(kColumns * kRows));
    while (m_deadUntil[static_cast<size_t>(index)] > m_tick)
        index = (index + 1) % (kColumns * kRows);
    const int frame = static_cast<int>((m_tick / kStepsPerFrame) % 2);
    const vox::VoxelModel& model = m_invaders[static_cast<size_t>(invaderType(index / kColumns))]
                                       .sprite.frames[static_cast<size_t>(frame)];
    const glm::vec3 position = invaderPosition(index, frame);
    vox::DebrisBurst burst;
    burst.centre = position + glm::vec3(glm::vec2(model.size()) * 0.5f, 0.0f) + glm::vec3(0.0f, -2.0f, 0.0f);
    m_debris.spawnModel(model, vox::spriteOrigin(position, model.size()), burst);
    m_deadUntil[static_cast<size_t>(index)] = static_cast<int32_t>(m_tick + kCycle * 3);
    m_exploding = index;
    m_explosionEnd = m_tick + 12;
    m_score += 10 * (3 - invaderType(index / kColumns));
    m_shake = 2.0f;
}

void ShowcaseScene::bombShield() {
    Shield& shield = m_shields[static_cast<size_t>(m_rng.below(static_cast<uint32_t>(m_shields.size())))];
    const vox::VoxelModel& stencil = m_shotStencil.sprite.frames[0];
    // Hit the top of the shield's column under a random x: the highest filled voxel there.
    const int x = static_cast<int>(m_rng.below(static_cast<uint32_t>(shield.model.size().x)));
    int top = -1;
    for (int y = shield.model.size().y - 1; y >= 0 && top < 0; --y) {
        for (int z = 0; z < shield.model.size().z && top < 0; ++z) {
            if (shield.model.filled({x, y, z}))
                top = y;
        }
    }
    if (top < 0)
        return;
    const glm::ivec3 hit(x, top, shield.model.size().z / 2);
    glm::ivec3 offset = vox::stencilOffsetCentredOn(stencil, hit);
    offset.z = 0; // the stencil is deeper than the shield: carve all the way through
    m_removed.clear();
    if (vox::erodeVoxels(shield.model, stencil, offset, m_removed) == 0)
        return;
    m_renderer.updateMesh(shield.mesh, shield.model);
    vox::DebrisBurst burst;
    burst.centre = vox::spriteOrigin(shield.position, shield.model.size()) + glm::vec3(hit) +
                   glm::vec3(0.5f, 3.0f, 0.5f);
    burst.speed = 30.0f;
    burst.upward = 20.0f;
    burst.glow = 0.6f;
    m_debris.spawn(m_removed, vox::spriteOrigin(shield.position, shield.model.size()), burst);
    ++m_bombs;
}

void ShowcaseScene::step(const vox::ActionState& /*input*/) {
    ++m_tick;
    const int64_t phase = m_tick % kCycle;
    if (phase == 60)
        killInvader();
    if (phase == 100 || phase == 20)
        bombShield();
    if (m_bombs >= 24) {
        resetShields();
        m_bombs = 0;
    }
    if (m_tick >= m_explosionEnd)
        m_exploding = -1;
    for (Shot& shot : m_flying) {
        shot.previous = shot.position;
        shot.position.y += shot.speed;
        if (shot.position.y > 230.0f)
            shot.position.y = shot.previous.y = 45.0f;
        if (shot.position.y < 66.0f)
            shot.position.y = shot.previous.y = 170.0f;
    }
    m_debris.step();
    m_shake *= 0.85f;
}

void ShowcaseScene::render(int width, int height, double alpha) {
    const double seconds = static_cast<double>(m_tick) / 60.0;
    const glm::vec2 shake = vox::cameraShake(m_shake, seconds, 7);
    const vox::Camera camera =
        vox::framePlayfield({}, static_cast<float>(width) / static_cast<float>(height), shake);
    m_renderer.beginFrame(camera, vox::Viewport{0, 0, width, height}, seconds);

    const int frame = static_cast<int>((m_tick / kStepsPerFrame) % 2);
    for (int index = 0; index < kColumns * kRows; ++index) {
        const int type = invaderType(index / kColumns);
        if (index == m_exploding) {
            const glm::vec3 position = invaderPosition(index, frame) + glm::vec3(-1.0f, -0.5f, 0.0f);
            m_renderer.drawSprite({.mesh = m_explosion.meshes[0], .position = position, .flash = 0.3f});
            continue;
        }
        if (m_deadUntil[static_cast<size_t>(index)] > m_tick)
            continue;
        m_renderer.drawSprite(
            {.mesh = m_invaders[static_cast<size_t>(type)].meshes[static_cast<size_t>(frame)],
             .position = invaderPosition(index, frame)});
    }
    for (const Shield& shield : m_shields)
        m_renderer.drawSprite({.mesh = shield.mesh, .position = shield.position});
    m_renderer.drawSprite({.mesh = m_player.meshes[0], .position = {104.0f, 32.0f, 0.0f}});
    m_renderer.drawSprite({.mesh = m_saucer.meshes[0], .position = {40.0f, 208.0f, 0.0f}});
    for (const Shot& shot : m_flying) {
        const SpriteMeshes& sprite = m_shots[static_cast<size_t>(shot.sprite)];
        const size_t shotFrame = static_cast<size_t>(m_tick / 6) % sprite.meshes.size();
        const glm::vec2 position = glm::mix(shot.previous, shot.position, static_cast<float>(alpha));
        m_renderer.drawSprite({.mesh = sprite.meshes[shotFrame], .position = glm::vec3(position, 0.0f)});
    }
    m_renderer.drawDebris(m_debris, static_cast<float>(alpha));
    m_renderer.drawHud({.score = m_score, .hiScore = 8250, .lives = 3, .wave = 1});
    (void)m_renderer.endFrame();
}

} // namespace invaders
