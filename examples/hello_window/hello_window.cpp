// hello_window: a window with a lit, turning voxel model, linking vox::render and vox::platform.
//
// The recipe: open a Window (an SDL2 window with an OpenGL 3.3 context), create a SceneRenderer from the
// engine's shader folder, give it a model once (addMesh: meshed and uploaded), then every frame point a
// camera, record what to draw between beginFrame and endFrame, and swap. Esc or closing the window quits.
//
//   hello_window [model.vox] [--frames N] [--screenshot out.png]
//
// With no display (SDL_VIDEODRIVER=offscreen) the window is an offscreen one, so `--frames 90
// --screenshot out.png` renders a picture on a machine without a screen.
#include <vox/platform/window.h>
#include <vox/render/camera.h>
#include <vox/render/image.h>
#include <vox/render/scene_renderer.h>
#include <vox/voxel/vox_file.h>

#include <SDL.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char** argv) {
    std::string modelPath = HELLO_WINDOW_DEFAULT_MODEL, screenshotPath;
    long frames = -1; // -1: until the window closes
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--frames" && i + 1 < argc)
            frames = std::strtol(argv[++i], nullptr, 10);
        else if (arg == "--screenshot" && i + 1 < argc)
            screenshotPath = argv[++i];
        else
            modelPath = arg;
    }

    // 1. The window and its GL context. Errors are values: the message says what is missing.
    vox::Result<vox::Window> window =
        vox::Window::create({.title = "hello_window", .width = 960, .height = 540});
    if (!window) {
        std::fprintf(stderr, "%s\n", window.error().message.c_str());
        return 1;
    }

    // 2. The renderer, built from the engine's shaders (vox_SHADER_DIR, which CMake gave us).
    vox::Result<vox::SceneRenderer> created = vox::SceneRenderer::create(HELLO_WINDOW_SHADER_DIR);
    if (!created) {
        std::fprintf(stderr, "%s\n", created.error().message.c_str());
        return 1;
    }
    vox::SceneRenderer& renderer = created.value();

    // 3. A model: read from a MagicaVoxel file, meshed and uploaded once. Draw it as often as you like.
    vox::Result<vox::VoxFile> file = vox::readVoxFile(modelPath);
    if (!file) {
        std::fprintf(stderr, "%s\n", file.error().message.c_str());
        return 1;
    }
    const vox::VoxelModel& model = file.value().models.front();
    const vox::MeshHandle mesh = renderer.addMesh(model);
    const glm::vec3 size(model.size());
    renderer.look().groundHeight = -size.y * 0.5f; // the ground plane just under the model

    float yaw = 0.0f;
    for (long frame = 0; frames < 0 || frame < frames; ++frame) {
        // 4. Events: the window follows its own size; we quit on Esc or close.
        bool quit = false;
        for (SDL_Event event; SDL_PollEvent(&event);) {
            window.value().handleEvent(event);
            quit = quit || event.type == SDL_QUIT ||
                   (event.type == SDL_KEYDOWN && event.key.keysym.scancode == SDL_SCANCODE_ESCAPE);
        }
        if (quit)
            break;
        const vox::PixelSize pixels = window.value().drawableSize();
        if (pixels.width == 0 || pixels.height == 0) { // minimised: nothing to draw into
            SDL_Delay(16);
            continue;
        }

        // 5. A camera circling the model (units are voxels), and one frame: draw calls only record,
        //    endFrame() does the GL work, into the window's back buffer.
        yaw += 0.01f;
        const float aspect = static_cast<float>(pixels.width) / static_cast<float>(pixels.height);
        const float distance = glm::length(size) * 1.6f;
        const vox::Camera camera = vox::orbitCamera(glm::vec3(0.0f), distance, yaw, 0.35f, 35.0f, aspect);
        window.value().bindBackBuffer();
        renderer.beginFrame(camera, vox::Viewport{0, 0, pixels.width, pixels.height}, frame / 60.0);
        // A sprite's position is its pivot (cell (0, 0, 0)'s corner, half its depth back): centre it.
        renderer.drawSprite({.mesh = mesh, .position = {-size.x * 0.5f, -size.y * 0.5f, 0.0f}});
        renderer.drawText(std::to_string(model.voxelCount()) + " voxels, " +
                              std::to_string(renderer.meshQuadCount(mesh)) + " quads",
                          {.anchor = {0.02f, 0.03f}, .pivot = {0.0f, 0.0f}});
        (void)renderer.endFrame();

        // 6. A screenshot of the last frame, read back before the swap.
        if (!screenshotPath.empty() && frame + 1 == frames) {
            const vox::Status written =
                vox::writePng(vox::readPixels(0, 0, pixels.width, pixels.height), screenshotPath);
            if (!written) {
                std::fprintf(stderr, "%s\n", written.error().message.c_str());
                return 1;
            }
            std::printf("wrote %s\n", screenshotPath.c_str());
        }
        window.value().swapBuffers();
    }
    return 0;
}
