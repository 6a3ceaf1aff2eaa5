#pragma once
/// @file
/// `ImGuiLayer`: a Dear ImGui context with its SDL2 and OpenGL3 backends, owned as one object.
///
///     vox::Result<vox::ImGuiLayer> created = vox::ImGuiLayer::create(window.sdlWindow(),
///     window.glContext()); vox::ImGuiLayer& gui = created.value(); gui.handleEvent(event); // every SDL
///     event, while the layer is in use gui.beginFrame({.width = 1280, .height = 720});
///     ImGui::Begin("Stats"); ImGui::Text("..."); ImGui::End();
///     gui.endFrame();                                // draws into the bound framebuffer
///
/// The layer draws into a render target of any size, not necessarily the window's: `FrameSettings` gives
/// the target's size and how window coordinates of the mouse map into it (for a letterboxed picture). It
/// works with SDL's offscreen driver too, so panels show up in headless screenshots. It writes no
/// imgui.ini. Each layer has its own ImGui context, made current by each call.

#include "vox/core/result.h"

#include <glm/vec2.hpp>

#include <cstdint>
#include <memory>
#include <optional>

struct SDL_Window;
union SDL_Event;
struct ImGuiContext;

namespace vox {

/// One ImGui frame's target and input mapping.
struct ImGuiFrameSettings {
    int32_t width = 0;                 ///< Target width, pixels.
    int32_t height = 0;                ///< Target height, pixels.
    glm::vec2 mouseScale{1.0f};        ///< Target pixel = window coordinate * mouseScale + mouseOffset.
    glm::vec2 mouseOffset{0.0f};       ///< See `mouseScale`.
    std::optional<float> deltaSeconds; ///< Time since the last frame; none: measured (pass a fixed
                                       ///< value for reproducible images).
};

/// Draw figures of the last `endFrame()`.
struct ImGuiDrawStats {
    int32_t drawCalls = 0; ///< Draw commands (one per clip rectangle and texture change).
    int32_t vertices = 0;  ///< Vertices submitted.
    int32_t triangles = 0; ///< Triangles submitted.
};

/// See the file comment. Move-only; destroy it while its GL context is current.
class ImGuiLayer {
public:
    /// Creates the context and initialises the SDL2 backend for `window` and the OpenGL3 backend (GLSL
    /// 330 core, or 300 es on an ES context) in the current context `glContext` (an `SDL_GLContext`).
    /// Fails when a backend refuses.
    [[nodiscard]] static Result<ImGuiLayer> create(SDL_Window* window, void* glContext);

    /// Takes over `other`'s Dear ImGui context; `other` is left empty.
    ImGuiLayer(ImGuiLayer&& other) noexcept;
    /// Takes over `other`'s Dear ImGui context, shutting down this one's.
    ImGuiLayer& operator=(ImGuiLayer&& other) noexcept;
    ~ImGuiLayer();

    /// Passes one SDL event to ImGui. Returns true when ImGui wants it for itself (the mouse is over a
    /// panel, or a text field has the keyboard), so the caller may skip it.
    bool handleEvent(const SDL_Event& event);
    /// Starts a frame; build windows with `ImGui::` calls until `endFrame()`.
    void beginFrame(const ImGuiFrameSettings& frame);
    /// Ends the frame and draws it into the bound framebuffer (whole target, as `beginFrame` said).
    /// Restores the GL state it changes.
    void endFrame();
    /// Figures of the last drawn frame.
    [[nodiscard]] const ImGuiDrawStats& lastDrawStats() const { return m_stats; }

private:
    struct Backends;
    explicit ImGuiLayer(std::unique_ptr<Backends> backends);
    std::unique_ptr<Backends> m_backends;
    ImGuiDrawStats m_stats;
};

} // namespace vox
