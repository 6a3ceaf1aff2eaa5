#include "touch_input.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#endif

namespace invaders {
namespace {

constexpr std::array<std::string_view, kActionCount> kHeldNames = {"Left",
                                                                   "Right",
                                                                   "Fire",
                                                                   "Pause",
                                                                   "Start",
                                                                   "ToggleFullscreen",
                                                                   "ToggleDebugOverlay",
                                                                   "Quit",
                                                                   "MenuUp",
                                                                   "MenuDown",
                                                                   "MenuLeft",
                                                                   "MenuRight",
                                                                   "Confirm",
                                                                   "Back",
                                                                   "MenuPageUp",
                                                                   "MenuPageDown"};

bool traceRequested() {
#ifdef __EMSCRIPTEN__
    return emscripten_run_script_int("Module.voxTouchTrace ? 1 : 0") != 0;
#else
    const char* value = std::getenv("VOX_TOUCH_TRACE");
    return value != nullptr && *value != '\0' && std::string_view(value) != "0";
#endif
}

std::string heldText(uint32_t bits) {
    std::string text;
    for (int32_t i = 0; i < kActionCount; ++i) {
        if ((bits & (1u << i)) == 0)
            continue;
        if (!text.empty())
            text += ',';
        text += kHeldNames[static_cast<size_t>(i)];
    }
    return text.empty() ? "-" : text;
}

} // namespace

vox::ActionState combineActions(const vox::ActionState& a, const vox::ActionState& b) {
    return {a.pressedBits | b.pressedBits, a.heldBits | b.heldBits, a.releasedBits | b.releasedBits};
}

TouchInput::TouchInput() : m_tracing(traceRequested()) {}

bool TouchInput::handleEvent(const SDL_Event& event, vox::PixelSize drawable, double aspect) {
    if (!m_state.handleEvent(event))
        return false;
    m_drawable = drawable;
    m_aspect = aspect;
    return true;
}

TouchStep TouchInput::takeStep(Screen screen) {
    const TouchMode mode = touchModeFor(screen);
    const vox::Viewport viewport = vox::letterboxViewport(m_drawable.width, m_drawable.height, m_aspect);
    std::vector<vox::Finger> fingers;
    bool touched = false;
    for (const vox::Finger& finger : m_state.fingers()) {
        m_fingersChanged = m_fingersChanged || finger.began || finger.ended;
        touched = touched || finger.began;
        auto owner = std::find_if(m_owners.begin(), m_owners.end(), [&](const Owner& o) {
            return o.device == finger.device && o.id == finger.id;
        });
        if (finger.began && owner != m_owners.end())
            owner->mode = mode; // SDL reused the id of a finger that lifted
        else if (finger.began)
            owner = m_owners.insert(m_owners.end(), {finger.device, finger.id, mode});
        if (owner == m_owners.end())
            continue; // lost track of it (cannot happen: every finger begins); ignore it
        const bool ours = owner->mode == mode;
        if (finger.ended)
            m_owners.erase(owner);
        if (!ours)
            continue;
        vox::Finger onScreen = finger;
        onScreen.position = toScreenFraction(finger.position, m_drawable.width, m_drawable.height, viewport);
        onScreen.start = toScreenFraction(finger.start, m_drawable.width, m_drawable.height, viewport);
        fingers.push_back(onScreen);
    }
    m_state.endStep();

    const TouchRequest request = readFingers(fingers, mode);
    TouchStep step;
    // As vox::ActionMap reports keys: a finger coming down presses even what another finger held the step
    // before (two quick taps are two presses), and a tap between two steps is pressed, held and released in
    // one.
    step.actions.heldBits = request.heldBits;
    step.actions.pressedBits = (request.heldBits & ~m_stillBits) | request.beganBits;
    step.actions.releasedBits = (m_stillBits | request.heldBits) & ~request.stillBits;
    step.tap = request.tap;
    step.touched = touched;
    m_heldBits = request.heldBits;
    m_stillBits = request.stillBits;
    return step;
}

void TouchInput::draw(ui::Painter& painter, const GameFlow& flow) {
    const Screen screen = flow.screen();
    if (visible(flow)) // a player with keys or a pad does not need buttons over the game
        drawTouchControls(painter, touchModeFor(screen), m_heldBits);
    if (!m_tracing || m_textsTracedScreen == screen)
        return;
    // The screen's texts with the controls' labels, as a test would see them to tap them.
    m_textsTracedScreen = screen;
    const glm::vec2 size(painter.size());
    for (const ui::DrawnText& text : painter.texts()) {
        const glm::vec2 min = glm::vec2(text.min) / size;
        const glm::vec2 max = glm::vec2(text.max) / size;
        std::printf("touch-trace: text %.4f %.4f %.4f %.4f %s\n", static_cast<double>(min.x),
                    static_cast<double>(min.y), static_cast<double>(max.x), static_cast<double>(max.y),
                    text.text.c_str());
    }
    std::fflush(stdout);
}

void TouchInput::trace(const GameFlow& flow) {
    if (!m_tracing)
        return;
    ++m_steps;
    for (const SimEvent& event : flow.events())
        if (event.type == SimEventType::PlayerShotFired)
            ++m_shotsFired;
    // While fingers are down, every half second too, to follow a held control.
    const bool held = !m_state.fingers().empty() && m_steps % 30 == 0;
    if (!m_fingersChanged && m_tracedScreen == flow.screen() && !held)
        return;
    m_fingersChanged = false;
    m_tracedScreen = flow.screen();
    const Simulation* simulation = flow.simulation();
    std::printf("touch-trace: step %llu screen %s fingers %zu held %s cannon-x %d shots %llu\n",
                static_cast<unsigned long long>(m_steps), std::string(screenName(flow.screen())).c_str(),
                m_state.fingers().size(), heldText(m_heldBits).c_str(),
                simulation ? simulation->cannon().x : -1, static_cast<unsigned long long>(m_shotsFired));
    std::fflush(stdout);
}

} // namespace invaders
