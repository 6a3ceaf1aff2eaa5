#include "vox/platform/action_map.h"

#include "vox/core/assert.h"

#include <bit>

namespace vox {
namespace {

// Hysteresis on the stick so a value hovering at the threshold does not chatter.
constexpr int kStickPressThreshold = 16000;
constexpr int kStickReleaseThreshold = 8000;

// Only the asserts use it: compiled out of a Release build, where clang would warn it is never emitted.
[[maybe_unused]] bool isValid(ActionId action) {
    return action.index < kMaxActions;
}

uint8_t modifierBits(uint16_t sdlModifiers) {
    uint8_t bits = 0;
    if (sdlModifiers & KMOD_SHIFT)
        bits |= static_cast<uint8_t>(KeyModifiers::Shift);
    if (sdlModifiers & KMOD_CTRL)
        bits |= static_cast<uint8_t>(KeyModifiers::Ctrl);
    if (sdlModifiers & KMOD_ALT)
        bits |= static_cast<uint8_t>(KeyModifiers::Alt);
    return bits;
}

} // namespace

void ActionMap::bindKey(ActionId action, KeyBinding key) {
    VOX_ASSERT(isValid(action), "bindKey: the action's number must be below kMaxActions");
    VOX_ASSERT(key.key > SDL_SCANCODE_UNKNOWN && key.key < SDL_NUM_SCANCODES, "bindKey: invalid scancode");
    m_keyBindings.push_back({action, key});
}

void ActionMap::bindButton(ActionId action, SDL_GameControllerButton button) {
    VOX_ASSERT(isValid(action), "bindButton: the action's number must be below kMaxActions");
    VOX_ASSERT(button > SDL_CONTROLLER_BUTTON_INVALID && button < SDL_CONTROLLER_BUTTON_MAX,
               "bindButton: invalid gamepad button");
    m_padActions[static_cast<size_t>(button)] |= ActionState::bit(action);
}

void ActionMap::bindStick(ActionId action, StickDirection direction) {
    VOX_ASSERT(isValid(action), "bindStick: the action's number must be below kMaxActions");
    m_padActions[static_cast<size_t>(kStickLeft + static_cast<int>(direction))] |= ActionState::bit(action);
}

void ActionMap::bindQuitRequest(ActionId action) {
    VOX_ASSERT(isValid(action), "bindQuitRequest: the action's number must be below kMaxActions");
    m_quitActions |= ActionState::bit(action);
}

void ActionMap::clearBindings(ActionId action) {
    clearKeys(action);
    for (uint32_t& actions : m_padActions)
        actions &= ~ActionState::bit(action);
    m_quitActions &= ~ActionState::bit(action);
}

void ActionMap::clearKeys(ActionId action) {
    std::erase_if(m_keyBindings, [action](const Binding& binding) { return binding.action == action; });
}

std::vector<KeyBinding> ActionMap::keysFor(ActionId action) const {
    std::vector<KeyBinding> keys;
    for (const Binding& binding : m_keyBindings) {
        if (binding.action == action)
            keys.push_back(binding.key);
    }
    return keys;
}

uint32_t ActionMap::actionsForKey(SDL_Scancode key, uint16_t sdlModifiers) const {
    const uint8_t held = modifierBits(sdlModifiers);
    uint32_t actions = 0;
    int bestModifierCount = -1;
    for (const Binding& binding : m_keyBindings) {
        const auto required = static_cast<uint8_t>(binding.key.modifiers);
        if (binding.key.key != key || (required & held) != required)
            continue;
        const int count = std::popcount(required);
        if (count > bestModifierCount) {
            bestModifierCount = count;
            actions = 0;
        }
        if (count == bestModifierCount)
            actions |= ActionState::bit(binding.action);
    }
    return actions;
}

void ActionMap::sourceDown(uint32_t& sourceActions, uint32_t actions) {
    if (sourceActions != 0 || actions == 0)
        return; // already down (a repeat), or bound to nothing
    sourceActions = actions;
    for (int i = 0; i < kMaxActions; ++i) {
        if (actions & (1u << i)) {
            if (m_holdCount[i]++ == 0)
                m_pendingPressed |= 1u << i;
        }
    }
}

void ActionMap::sourceUp(uint32_t& sourceActions) {
    for (int i = 0; i < kMaxActions; ++i) {
        if ((sourceActions & (1u << i)) && m_holdCount[i] > 0) {
            if (--m_holdCount[i] == 0)
                m_pendingReleased |= 1u << i;
        }
    }
    sourceActions = 0;
}

void ActionMap::stickAxis(int value, int negativeSource, int positiveSource) {
    uint32_t& negative = m_activeByPad[static_cast<size_t>(negativeSource)];
    uint32_t& positive = m_activeByPad[static_cast<size_t>(positiveSource)];
    if (value < -kStickPressThreshold)
        sourceDown(negative, m_padActions[static_cast<size_t>(negativeSource)]);
    else if (value > -kStickReleaseThreshold && negative != 0)
        sourceUp(negative);
    if (value > kStickPressThreshold)
        sourceDown(positive, m_padActions[static_cast<size_t>(positiveSource)]);
    else if (value < kStickReleaseThreshold && positive != 0)
        sourceUp(positive);
}

void ActionMap::handleEvent(const SDL_Event& event) {
    switch (event.type) {
    case SDL_KEYDOWN:
        if (event.key.repeat == 0 && event.key.keysym.scancode < SDL_NUM_SCANCODES) {
            const SDL_Scancode key = event.key.keysym.scancode;
            sourceDown(m_activeByKey[key], actionsForKey(key, event.key.keysym.mod));
        }
        break;
    case SDL_KEYUP:
        if (event.key.keysym.scancode < SDL_NUM_SCANCODES)
            sourceUp(m_activeByKey[event.key.keysym.scancode]);
        break;
    case SDL_CONTROLLERBUTTONDOWN:
        if (event.cbutton.button < SDL_CONTROLLER_BUTTON_MAX)
            sourceDown(m_activeByPad[event.cbutton.button], m_padActions[event.cbutton.button]);
        break;
    case SDL_CONTROLLERBUTTONUP:
        if (event.cbutton.button < SDL_CONTROLLER_BUTTON_MAX)
            sourceUp(m_activeByPad[event.cbutton.button]);
        break;
    case SDL_CONTROLLERAXISMOTION:
        if (event.caxis.axis == SDL_CONTROLLER_AXIS_LEFTX)
            stickAxis(event.caxis.value, kStickLeft, kStickRight);
        else if (event.caxis.axis == SDL_CONTROLLER_AXIS_LEFTY) // SDL's y grows downwards
            stickAxis(event.caxis.value, kStickUp, kStickDown);
        break;
    case SDL_WINDOWEVENT:
        // Key-up events go to whichever window has focus now, so ours would never see them.
        if (event.window.event == SDL_WINDOWEVENT_FOCUS_LOST)
            releaseAll();
        break;
    case SDL_QUIT:
        m_pendingPressed |= m_quitActions;
        break;
    default:
        break;
    }
}

ActionState ActionMap::takeStep() {
    uint32_t held = 0;
    for (int i = 0; i < kMaxActions; ++i) {
        if (m_holdCount[i] > 0)
            held |= 1u << i;
    }
    ActionState state{m_pendingPressed, held | m_pendingPressed, m_pendingReleased};
    m_pendingPressed = 0;
    m_pendingReleased = 0;
    return state;
}

void ActionMap::releaseAll() {
    for (uint32_t& actions : m_activeByKey)
        sourceUp(actions);
    for (uint32_t& actions : m_activeByPad)
        sourceUp(actions);
}

bool ActionMap::isDown(ActionId action) const {
    VOX_ASSERT(isValid(action), "isDown: the action's number must be below kMaxActions");
    return m_holdCount[action.index] > 0;
}

} // namespace vox
