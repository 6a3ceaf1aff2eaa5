#include "vox/debug/imgui_layer.h"

#include "vox/platform/gl.h"
#include "vox/platform/gl_dialect.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include <string>

namespace vox {

// Owns the context and its two backends; shuts them down in reverse order.
struct ImGuiLayer::Backends {
    ImGuiContext* context = nullptr;
    bool sdl = false;
    bool opengl = false;

    ~Backends() {
        if (context == nullptr)
            return;
        ImGuiContext* previous = ImGui::GetCurrentContext();
        ImGui::SetCurrentContext(context);
        if (opengl)
            ImGui_ImplOpenGL3_Shutdown();
        if (sdl)
            ImGui_ImplSDL2_Shutdown();
        ImGui::DestroyContext(context);
        ImGui::SetCurrentContext(previous == context ? nullptr : previous);
    }
};

Result<ImGuiLayer> ImGuiLayer::create(SDL_Window* window, void* glContext) {
    auto backends = std::make_unique<Backends>();
    backends->context = ImGui::CreateContext();
    ImGui::SetCurrentContext(backends->context);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr; // no files: the same layout on every run, and nothing written beside the game
    io.LogFilename = nullptr;
    backends->sdl = ImGui_ImplSDL2_InitForOpenGL(window, glContext);
    if (!backends->sdl)
        return Error{"Dear ImGui's SDL2 backend could not start"};
    // Its shaders take the context's GLSL dialect, like the engine's (vox/platform/gl_dialect.h).
    const GlDialect dialect = currentGlDialect();
    backends->opengl = ImGui_ImplOpenGL3_Init(glslVersionLine(dialect));
    if (!backends->opengl)
        return Error{std::string("Dear ImGui's OpenGL3 backend could not start on ") +
                     glDialectName(dialect)};
    return ImGuiLayer(std::move(backends));
}

ImGuiLayer::ImGuiLayer(std::unique_ptr<Backends> backends) : m_backends(std::move(backends)) {}
ImGuiLayer::ImGuiLayer(ImGuiLayer&&) noexcept = default;
ImGuiLayer& ImGuiLayer::operator=(ImGuiLayer&&) noexcept = default;
ImGuiLayer::~ImGuiLayer() = default;

bool ImGuiLayer::handleEvent(const SDL_Event& event) {
    ImGui::SetCurrentContext(m_backends->context);
    ImGui_ImplSDL2_ProcessEvent(&event);
    const ImGuiIO& io = ImGui::GetIO();
    const bool mouse = event.type == SDL_MOUSEMOTION || event.type == SDL_MOUSEBUTTONDOWN ||
                       event.type == SDL_MOUSEBUTTONUP || event.type == SDL_MOUSEWHEEL;
    const bool keyboard = event.type == SDL_KEYDOWN || event.type == SDL_KEYUP || event.type == SDL_TEXTINPUT;
    return (mouse && io.WantCaptureMouse) || (keyboard && io.WantTextInput);
}

void ImGuiLayer::beginFrame(const ImGuiFrameSettings& frame) {
    ImGui::SetCurrentContext(m_backends->context);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    // The backend sized the frame after the window; the target may be another size (headless, letterbox).
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(static_cast<float>(frame.width), static_cast<float>(frame.height));
    io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
    if (io.MousePos.x != -FLT_MAX)
        io.MousePos = ImVec2(io.MousePos.x * frame.mouseScale.x + frame.mouseOffset.x,
                             io.MousePos.y * frame.mouseScale.y + frame.mouseOffset.y);
    if (frame.deltaSeconds)
        io.DeltaTime = *frame.deltaSeconds;
    ImGui::NewFrame();
}

void ImGuiLayer::endFrame() {
    ImGui::SetCurrentContext(m_backends->context);
    ImGui::Render();
    ImDrawData* data = ImGui::GetDrawData();
    m_stats = {};
    for (int list = 0; list < data->CmdListsCount; ++list) {
        const ImDrawList* commands = data->CmdLists[list];
        m_stats.drawCalls += commands->CmdBuffer.Size;
        m_stats.vertices += commands->VtxBuffer.Size;
        m_stats.triangles += commands->IdxBuffer.Size / 3;
    }
    ImGui_ImplOpenGL3_RenderDrawData(data);
}

} // namespace vox
