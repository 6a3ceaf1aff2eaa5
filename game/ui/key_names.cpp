#include "ui/key_names.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <utility>

namespace invaders::ui {
std::string upperCase(std::string_view text) {
    std::string result(text);
    for (char& c : result)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return result;
}

std::string keyCapName(const vox::KeyBinding& key) {
    static constexpr std::pair<std::string_view, std::string_view> kShort[] = {
        {"Left", "←"},
        {"Right", "→"},
        {"Up", "↑"},
        {"Down", "↓"},
        {"Escape", "ESC"},
        {"Return", "ENTER"},
        {"Backspace", "BKSP"},
        {"Keypad Enter", "KP ENTER"},
        {"Left Ctrl", "LCTRL"},
        {"Right Ctrl", "RCTRL"},
        {"Left Shift", "LSHIFT"},
        {"Right Shift", "RSHIFT"},
        {"Left Alt", "LALT"},
        {"Right Alt", "RALT"},
    };
    const std::string name = keyBindingName(key);
    // Modifiers come first ("Alt+Return"): shorten only the key after them.
    const size_t plus = name.rfind('+', name.size() > 1 ? name.size() - 2 : 0);
    const std::string prefix = plus == std::string::npos ? "" : name.substr(0, plus + 1);
    const std::string base = plus == std::string::npos ? name : name.substr(plus + 1);
    for (const auto& [from, to] : kShort)
        if (base == from)
            return upperCase(prefix) + std::string(to);
    return upperCase(name);
}

std::string boundKeysText(const KeyBindings& keys, Action action) {
    std::string text;
    for (const vox::KeyBinding& key : keys[static_cast<size_t>(action)]) {
        if (!text.empty())
            text += " / ";
        text += keyCapName(key);
    }
    return text.empty() ? "NONE" : text;
}

std::string moveKeysText(const KeyBindings& keys) {
    const auto& left = keys[static_cast<size_t>(Action::Left)];
    const auto& right = keys[static_cast<size_t>(Action::Right)];
    std::string text;
    for (size_t i = 0; i < std::max(left.size(), right.size()); ++i) {
        if (!text.empty())
            text += " / ";
        text += i < left.size() ? keyCapName(left[i]) : "-";
        text += ' ';
        text += i < right.size() ? keyCapName(right[i]) : "-";
    }
    return text.empty() ? "NONE" : text;
}

} // namespace invaders::ui
