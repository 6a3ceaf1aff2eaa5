#include "runner/frame_renderer.h"

#include "debug/debug_overlay.h"
#include "demo_scene.h"
#include "runner/window_mapping.h"
#include "scene/game_scene.h"

#include "vox/render/image.h"

#include <SDL.h>

namespace invaders {

// When the frame is the whole window, it is drawn straight into the window's back buffer; otherwise
// (letterboxed, headless, or a windowed --screenshot, which reads the frame back) into a render target
// that is then copied into the window. On a software rasteriser that copy is a full-screen pass the frame
// must wait for (what it costs: docs/benchmarks.md, "Figures that were in source comments").
vox::Status FrameRenderer::draw(double alpha) {
    const bool headless = m_settings.mode == RunMode::Headless;
    const vox::PixelSize drawable = m_window.drawableSize();
    const FrameTarget frame = frameTarget(headless, m_settings.screenshot, drawable, m_settings.size);
    if (frame.width == 0) {
        SDL_Delay(10); // minimised: nothing to draw
        m_frameRate.clear();
        m_lastPresent.reset(); // the time minimised is no frame
        return {};
    }
    if (frame.straightToWindow) {
        m_target = {}; // a letterboxed frame may have made one
    } else if (m_target.width() != frame.width || m_target.height() != frame.height) {
        auto target = vox::RenderTarget::create(frame.width, frame.height);
        if (!target)
            return target.error();
        m_target = std::move(target).value();
    }
    // Headless runs draw one frame and nothing to measure it against: "-" figures, the same screenshot
    // on every machine.
    const FrameRate* frameRate = headless ? nullptr : &m_frameRate;
    static const FrameRate kNotMeasured;
    if (m_game && m_settings.frameRateText)
        m_game->setFrameRateText(frameRateText(frameRate ? *frameRate : kNotMeasured));
    if (frame.straightToWindow)
        m_window.bindBackBuffer();
    else
        m_target.bind();
    m_scene.render(frame.width, frame.height, alpha);
    if (m_overlay) {
        // Window mouse coordinates to frame pixels: through the drawable's scale and the letterbox.
        vox::PixelSize window;
        SDL_GetWindowSize(m_window.sdlWindow(), &window.width, &window.height);
        vox::ImGuiFrameSettings mouse;
        if (!headless && window.width > 0 && window.height > 0) {
            const MouseMapping mapping = mouseMapping(window, drawable, frame);
            mouse.mouseScale = mapping.scale;
            mouse.mouseOffset = mapping.offset;
        } else {
            mouse.deltaSeconds = 1.0f / 60.0f; // reproducible screenshots
        }
        m_overlay->render(m_scene.debugView(), frame.width, frame.height, mouse, frameRate);
    }
    if (!frame.straightToWindow)
        m_target.presentLetterboxed(frame.viewport);
    m_window.swapBuffers();
    measureFrame();
    return {};
}

vox::Status FrameRenderer::writeScreenshot(const std::filesystem::path& path) const {
    if (!m_target.framebuffer().name())
        return vox::Error{"no frame was rendered, so there is no screenshot to write"};
    return vox::writePng(m_target.readImage(), path);
}

// The whole frame's wall time, from one present to the next: the scene, the overlay, the driver's
// rasterisation and any wait in swapBuffers (vsync, a software driver finishing the frame) included.
void FrameRenderer::measureFrame() {
    const uint64_t now = SDL_GetPerformanceCounter();
    if (m_lastPresent) {
        const double milliseconds = static_cast<double>(now - *m_lastPresent) * 1000.0 /
                                    static_cast<double>(SDL_GetPerformanceFrequency());
        m_frameRate.push(milliseconds);
        m_frameLog.push(milliseconds);
    }
    m_lastPresent = now;
}

} // namespace invaders
