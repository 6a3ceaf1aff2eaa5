#include "persist/settings.h"

#include "enum_names.h"
#include "persist/text_file_format.h"

#include <SDL.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

namespace invaders {
namespace {

struct ModifierName {
    vox::KeyModifiers modifier;
    std::string_view prefix;
};
constexpr std::array<ModifierName, 3> kModifierNames = {{
    {vox::KeyModifiers::Ctrl, "Ctrl+"},
    {vox::KeyModifiers::Alt, "Alt+"},
    {vox::KeyModifiers::Shift, "Shift+"},
}};

constexpr std::string_view kKeyPrefix = "key.";

// The accessibility and view switches, in file order: each a boolean whose bad value is a warning.
struct LookFlag {
    std::string_view name;
    bool Settings::*member;
};
constexpr std::array<LookFlag, 8> kLookFlags = {{
    {"reduce_motion", &Settings::reduceMotion},
    {"flashes", &Settings::flashes},
    {"color_blind_colors", &Settings::colorBlindColors},
    {"high_contrast_hud", &Settings::highContrastHud},
    {"large_text", &Settings::largeText},
    {"visible_beat", &Settings::visibleBeat},
    {"cabinet", &Settings::cabinet},
    {"show_inputs", &Settings::showInputs},
}};

bool startsWithIgnoringCase(std::string_view text, std::string_view prefix) {
    return text.size() >= prefix.size() &&
           std::equal(prefix.begin(), prefix.end(), text.begin(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) ==
                      std::tolower(static_cast<unsigned char>(b));
           });
}

std::string_view trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        return {};
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

// Floats through the C library: std::to_chars and std::from_chars for float are missing from the web build's
// standard library (Emscripten 3.1.6's libc++). The same answers for the plain decimals settings hold.

// The shortest decimal that reads back as `value` (what std::to_chars gives).
std::string formatFloat(float value) {
    char buffer[32];
    for (int digits = 1; digits <= 9; ++digits) { // 9 significant digits always round-trip a float
        std::snprintf(buffer, sizeof buffer, "%.*g", digits, static_cast<double>(value));
        if (std::strtof(buffer, nullptr) == value)
            break;
    }
    return buffer;
}

// A whole decimal number, as std::from_chars reads one: no spaces, no '+', no hexadecimal, in range.
std::optional<float> parseFloat(std::string_view text) {
    if (text.empty() ||
        !(std::isdigit(static_cast<unsigned char>(text[0])) || text[0] == '-' || text[0] == '.') ||
        text.find_first_of("xXpP") != std::string_view::npos)
        return std::nullopt;
    const std::string copy(text);
    char* end = nullptr;
    errno = 0;
    const float value = std::strtof(copy.c_str(), &end);
    if (end != copy.c_str() + copy.size() || errno == ERANGE)
        return std::nullopt;
    return value;
}

// A whole decimal number of at most 9 digits, without sign or spaces; nothing for anything else.
std::optional<int32_t> parseWholeNumber(std::string_view text) {
    if (text.empty() || text.size() > 9 || !std::all_of(text.begin(), text.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c));
        }))
        return std::nullopt;
    int32_t value = 0;
    for (const char c : text)
        value = value * 10 + (c - '0');
    return value;
}

// The scalar settings, each with its parser; keys are parsed separately.
class SettingsReader {
public:
    SettingsReader(std::string_view fileName) : m_fileName(fileName) {}

    vox::Status line(const TextLine& line) {
        const std::size_t equals = line.text.find('=');
        if (equals == std::string_view::npos)
            return fail(line, "expected 'name = value', found " + quoted(line.text));
        const std::string_view name = trim(line.text.substr(0, equals));
        const std::string_view value = trim(line.text.substr(equals + 1));
        if (name.empty())
            return fail(line, "a setting's name is missing before '='");
        if (name.starts_with(kKeyPrefix))
            return key(line, name, value);
        if (std::find(m_seen.begin(), m_seen.end(), name) != m_seen.end())
            warn(line, quoted(name) + " is set twice; the last value is used");
        m_seen.push_back(name);
        if (name == "master_volume")
            return volume(line, name, value, m_result.settings.masterVolume);
        if (name == "effects_volume")
            return volume(line, name, value, m_result.settings.effectsVolume);
        if (name == "mute")
            return boolean(line, name, value, m_result.settings.mute);
        if (name == "fullscreen")
            return boolean(line, name, value, m_result.settings.fullscreen);
        if (name == "vsync")
            return boolean(line, name, value, m_result.settings.vsync);
        if (name == "flat_view")
            return boolean(line, name, value, m_result.settings.flatView);
        if (name == "quality")
            return choice(line, name, value, kQualityNames, m_result.settings.quality);
        if (name == "render_scale")
            return renderScale(line, value);
        if (name == "difficulty")
            return choice(line, name, value, kDifficultyNames, m_result.settings.difficulty);
        if (name == "starting_ships")
            return dipSwitch(line, name, value, arcade::kStartingShipsChoices,
                             m_result.settings.startingShips);
        if (name == "extra_ship_score")
            return dipSwitch(line, name, value, arcade::kExtraShipScoreChoices,
                             m_result.settings.extraShipScore);
        for (const LookFlag& flag : kLookFlags) {
            if (name == flag.name)
                return lenientBoolean(line, name, value, m_result.settings.*flag.member);
        }
        warn(line, "unknown setting '" + std::string(name) + "' is ignored");
        return {};
    }

    ParsedSettings take() { return std::move(m_result); }

private:
    vox::Status key(const TextLine& line, std::string_view name, std::string_view value) {
        const std::optional<Action> action = actionFromName(name.substr(kKeyPrefix.size()));
        if (!action || !isRebindable(*action)) {
            warn(line, quoted(name) + " is not a rebindable action; ignored");
            return {};
        }
        const auto index = static_cast<std::size_t>(*action);
        std::vector<vox::KeyBinding>& keys = m_result.settings.keys[index];
        if (!m_keysMentioned[index]) {
            keys.clear(); // the file's keys replace the defaults
            m_keysMentioned[index] = true;
        }
        if (value == "none") {
            keys.clear();
            return {};
        }
        const std::optional<vox::KeyBinding> binding = keyBindingFromName(value);
        if (!binding)
            return fail(line, quoted(value) + " is not a key name for " + std::string(name) +
                                  "; use SDL scancode names such as Left, A, Space, Return or Alt+Return");
        keys.push_back(*binding);
        return {};
    }

    vox::Status volume(const TextLine& line, std::string_view name, std::string_view value, float& out) {
        const std::optional<float> number = parseFloat(value);
        if (!number || !std::isfinite(*number))
            return fail(line, std::string(name) + " must be a number from 0 to 1, not " + quoted(value));
        const float parsed = *number;
        out = std::clamp(parsed, 0.0f, 1.0f);
        if (out != parsed)
            warn(line, std::string(name) + " " + std::string(value) + " is outside 0 to 1; using " +
                           formatFloat(out));
        return {};
    }

    // One of an enum's `names` (enum_names.h).
    template <class Enum, std::size_t N>
    vox::Status choice(const TextLine& line, std::string_view name, std::string_view value,
                       const std::array<std::string_view, N>& names, Enum& out) {
        const std::optional<Enum> chosen = enumFromName<Enum>(names, value);
        if (!chosen)
            return fail(line,
                        std::string(name) + " must be " + enumNameList(names) + ", not " + quoted(value));
        out = *chosen;
        return {};
    }

    // "auto" or a number from kMinQualityRenderScale to kMaxQualityRenderScale (clamped, like a volume).
    vox::Status renderScale(const TextLine& line, std::string_view value) {
        if (value == "auto") {
            m_result.settings.renderScale.reset();
            return {};
        }
        const std::optional<float> number = parseFloat(value);
        if (!number || !std::isfinite(*number))
            return fail(line, "render_scale must be auto or a number from " +
                                  formatFloat(kMinQualityRenderScale) + " to " +
                                  formatFloat(kMaxQualityRenderScale) + ", not " + quoted(value));
        const float clamped = std::clamp(*number, kMinQualityRenderScale, kMaxQualityRenderScale);
        if (clamped != *number)
            warn(line, "render_scale " + std::string(value) + " is outside " +
                           formatFloat(kMinQualityRenderScale) + " to " +
                           formatFloat(kMaxQualityRenderScale) + "; using " + formatFloat(clamped));
        m_result.settings.renderScale = clamped;
        return {};
    }

    // One of a DIP switch's `choices`; anything else is only a warning, and the setting keeps its default
    // (the arcade's): a typo must not cost the player their keys and volumes (see settings.h).
    template <std::size_t N>
    vox::Status dipSwitch(const TextLine& line, std::string_view name, std::string_view value,
                          const std::array<int32_t, N>& choices, int32_t& out) {
        const std::optional<int32_t> number = parseWholeNumber(value);
        if (!number || std::find(choices.begin(), choices.end(), *number) == choices.end()) {
            std::string allowed;
            for (std::size_t i = 0; i < N; ++i)
                allowed += (i == 0 ? "" : i + 1 == N ? " or " : ", ") + std::to_string(choices[i]);
            warn(line, std::string(name) + " must be " + allowed + ", not " + quoted(value) + "; using " +
                           std::to_string(out));
            return {};
        }
        out = *number;
        return {};
    }

    // A boolean whose bad value is only a warning: the setting keeps its default (see settings.h).
    vox::Status lenientBoolean(const TextLine& line, std::string_view name, std::string_view value,
                               bool& out) {
        if (value != "true" && value != "false") {
            warn(line, std::string(name) + " must be true or false, not " + quoted(value) + "; using " +
                           (out ? "true" : "false"));
            return {};
        }
        out = value == "true";
        return {};
    }

    vox::Status boolean(const TextLine& line, std::string_view name, std::string_view value, bool& out) {
        if (value != "true" && value != "false")
            return fail(line, std::string(name) + " must be true or false, not " + quoted(value));
        out = value == "true";
        return {};
    }

    vox::Error fail(const TextLine& line, const std::string& what) const {
        return vox::Error{lineMessage(m_fileName, line.number, what)};
    }
    void warn(const TextLine& line, const std::string& what) {
        m_result.warnings.push_back(lineMessage(m_fileName, line.number, what));
    }

    std::string_view m_fileName;
    ParsedSettings m_result;
    std::vector<std::string_view> m_seen;
    std::array<bool, kActionCount> m_keysMentioned{};
};

} // namespace

bool isRebindable(Action action) {
    return std::find(kRebindableActions.begin(), kRebindableActions.end(), action) !=
           kRebindableActions.end();
}

KeyBindings defaultKeyBindings() {
    const vox::ActionMap defaults = defaultActionMap();
    KeyBindings keys;
    for (Action action : kRebindableActions)
        keys[static_cast<std::size_t>(action)] = defaults.keysFor(action);
    return keys;
}

std::string keyBindingName(const vox::KeyBinding& key) {
    const char* name = SDL_GetScancodeName(key.key);
    if (name == nullptr || *name == '\0')
        return {};
    std::string text;
    for (const ModifierName& modifier : kModifierNames) {
        if (static_cast<uint8_t>(key.modifiers) & static_cast<uint8_t>(modifier.modifier))
            text += modifier.prefix;
    }
    return text + name;
}

std::optional<vox::KeyBinding> keyBindingFromName(std::string_view name) {
    uint8_t modifiers = 0;
    for (bool found = true; found;) {
        found = false;
        for (const ModifierName& modifier : kModifierNames) {
            if (name.size() > modifier.prefix.size() && startsWithIgnoringCase(name, modifier.prefix)) {
                modifiers |= static_cast<uint8_t>(modifier.modifier);
                name.remove_prefix(modifier.prefix.size());
                found = true;
            }
        }
    }
    const SDL_Scancode key = SDL_GetScancodeFromName(std::string(name).c_str());
    if (key == SDL_SCANCODE_UNKNOWN)
        return std::nullopt;
    return vox::KeyBinding{key, static_cast<vox::KeyModifiers>(modifiers)};
}

std::string formatSettings(const Settings& settings) {
    const auto boolean = [](bool value) { return value ? "true" : "false"; };
    std::string text = headerLine(kSettingsMagic, kSettingsVersion);
    text += "# Written by voxel-invaders; safe to edit while the game is closed. Volumes are 0 to 1,\n"
            "# difficulty is arcade, easy or hard, starting_ships 3 to 6, extra_ship_score 1000 or 1500,\n"
            "# quality is auto, low or high, render_scale is auto or 0.5 to 1, keys use SDL scancode\n"
            "# names (one per line).\n";
    text += "master_volume = " + formatFloat(settings.masterVolume) + "\n";
    text += "effects_volume = " + formatFloat(settings.effectsVolume) + "\n";
    text += std::string("mute = ") + boolean(settings.mute) + "\n";
    text += std::string("fullscreen = ") + boolean(settings.fullscreen) + "\n";
    text += std::string("vsync = ") + boolean(settings.vsync) + "\n";
    text += "difficulty = " + std::string(difficultyName(settings.difficulty)) + "\n";
    text += "starting_ships = " + std::to_string(settings.startingShips) + "\n";
    text += "extra_ship_score = " + std::to_string(settings.extraShipScore) + "\n";
    text += std::string("flat_view = ") + boolean(settings.flatView) + "\n";
    text += "quality = " + std::string(qualityName(settings.quality)) + "\n";
    text += "render_scale = " + (settings.renderScale ? formatFloat(*settings.renderScale) : "auto") + "\n";
    for (const LookFlag& flag : kLookFlags)
        text += std::string(flag.name) + " = " + boolean(settings.*flag.member) + "\n";
    for (Action action : kRebindableActions) {
        const std::string name = std::string(kKeyPrefix) + std::string(actionName(action));
        const std::vector<vox::KeyBinding>& keys = settings.keys[static_cast<std::size_t>(action)];
        std::size_t written = 0;
        for (const vox::KeyBinding& key : keys) {
            const std::string keyName = keyBindingName(key);
            if (keyName.empty())
                continue; // a key SDL has no name for cannot be written; see keyBindingName()
            text += name + " = " + keyName + "\n";
            ++written;
        }
        if (written == 0)
            text += name + " = none\n";
    }
    text += "end\n";
    return text;
}

vox::Result<ParsedSettings> parseSettings(std::string_view text, std::string_view fileName) {
    vox::Result<std::vector<TextLine>> lines = bodyLines(text, fileName, kSettingsMagic, kSettingsVersion);
    if (!lines)
        return lines.error();
    SettingsReader reader(fileName);
    for (const TextLine& line : lines.value()) {
        if (vox::Status status = reader.line(line); !status)
            return status.error();
    }
    return reader.take();
}

} // namespace invaders
