#include "persist/settings.h"

#include <gtest/gtest.h>

namespace {

using invaders::Action;
using invaders::Difficulty;
using invaders::parseSettings;
using invaders::Settings;

constexpr std::string_view kFile = "settings.txt";

std::vector<vox::KeyBinding>& keysOf(Settings& settings, Action action) {
    return settings.keys[static_cast<std::size_t>(action)];
}

bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

TEST(Settings, DefaultsUseTheActionMapsDefaultKeys) {
    const Settings settings;
    const vox::ActionMap map = invaders::defaultActionMap();
    for (Action action : invaders::kRebindableActions) {
        const auto& keys = settings.keys[static_cast<std::size_t>(action)];
        EXPECT_EQ(keys, map.keysFor(action)) << invaders::actionName(action);
        EXPECT_FALSE(keys.empty()) << invaders::actionName(action);
    }
    EXPECT_TRUE(settings.keys[static_cast<std::size_t>(Action::Quit)].empty());
    EXPECT_FALSE(invaders::isRebindable(Action::Quit));
    EXPECT_EQ(settings.difficulty, Difficulty::Arcade);
}

TEST(Settings, DefaultsRoundTripWithoutWarnings) {
    const Settings defaults;
    auto parsed = parseSettings(invaders::formatSettings(defaults), kFile);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    EXPECT_TRUE(parsed.value().settings == defaults);
    EXPECT_TRUE(parsed.value().warnings.empty());
}

TEST(Settings, EveryFieldRoundTrips) {
    Settings settings;
    settings.masterVolume = 0.35f;
    settings.effectsVolume = 0.1f;
    settings.mute = true;
    settings.fullscreen = true;
    settings.vsync = false;
    settings.difficulty = Difficulty::Hard;
    settings.quality = invaders::Quality::Low;
    settings.renderScale = 0.75f;
    keysOf(settings, Action::Fire) = {
        {SDL_SCANCODE_LCTRL}, {SDL_SCANCODE_KP_ENTER}, {SDL_SCANCODE_F, static_cast<vox::KeyModifiers>(3)}};
    keysOf(settings, Action::Pause).clear();
    keysOf(settings, Action::Left) = {{SDL_SCANCODE_EQUALS}};
    const std::string text = invaders::formatSettings(settings);
    auto parsed = parseSettings(text, kFile);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message << "\n" << text;
    EXPECT_TRUE(parsed.value().settings == settings) << text;
    EXPECT_TRUE(contains(text, "key.Pause = none")) << text;
    EXPECT_TRUE(contains(text, "key.Fire = Ctrl+Shift+F")) << text;
    EXPECT_TRUE(contains(text, "quality = low")) << text;
    EXPECT_TRUE(contains(text, "render_scale = 0.75")) << text;
    Settings other = settings;
    other.vsync = true;
    EXPECT_FALSE(other == settings);
    other = settings;
    other.renderScale.reset();
    EXPECT_FALSE(other == settings);
}

TEST(Settings, QualityAndRenderScaleDefaultToAutoAndReadEveryValue) {
    const Settings defaults;
    EXPECT_EQ(defaults.quality, invaders::Quality::Auto);
    EXPECT_FALSE(defaults.renderScale.has_value());
    EXPECT_TRUE(contains(invaders::formatSettings(defaults), "quality = auto\nrender_scale = auto\n"));
    for (const invaders::Quality quality :
         {invaders::Quality::Auto, invaders::Quality::Low, invaders::Quality::High}) {
        const std::string name(invaders::qualityName(quality));
        auto parsed = parseSettings(
            "voxel-invaders-settings 1\nquality = " + name + "\nrender_scale = 0.5\nend\n", kFile);
        ASSERT_TRUE(parsed.ok()) << parsed.error().message;
        EXPECT_EQ(parsed.value().settings.quality, quality) << name;
        EXPECT_EQ(parsed.value().settings.renderScale, 0.5f);
        EXPECT_TRUE(parsed.value().warnings.empty());
    }
    auto automatic =
        parseSettings("voxel-invaders-settings 1\nrender_scale = 0.8\nrender_scale = auto\nend\n", kFile);
    ASSERT_TRUE(automatic.ok()) << automatic.error().message;
    EXPECT_FALSE(automatic.value().settings.renderScale.has_value()) << "the last value counts";
}

TEST(Settings, OutOfRangeRenderScalesAreClampedWithAWarningNamingTheLine) {
    auto parsed = parseSettings("voxel-invaders-settings 1\nmute = true\nrender_scale = 0.25\nend\n", kFile);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    EXPECT_EQ(parsed.value().settings.renderScale, 0.5f);
    EXPECT_TRUE(parsed.value().settings.mute) << "the rest of the file is kept";
    ASSERT_EQ(parsed.value().warnings.size(), 1u);
    EXPECT_TRUE(contains(parsed.value().warnings[0],
                         "settings.txt:3: render_scale 0.25 is outside 0.5 to 1; using 0.5"))
        << parsed.value().warnings[0];
    parsed = parseSettings("voxel-invaders-settings 1\nrender_scale = 4\nend\n", kFile);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    EXPECT_EQ(parsed.value().settings.renderScale, 1.0f);
    EXPECT_EQ(parsed.value().warnings.size(), 1u);
}

TEST(Settings, AHandWrittenFileWithCommentsCrlfAndAnyOrderReads) {
    auto parsed = parseSettings("# my settings\r\n"
                                "voxel-invaders-settings 1\r\n"
                                "\r\n"
                                "   difficulty   =   easy  \r\n"
                                "key.Right = l\r\n"
                                "key.Right = alt+K\r\n"
                                "mute=true\r\n"
                                "end\r\n",
                                kFile);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    Settings& settings = parsed.value().settings;
    EXPECT_EQ(settings.difficulty, Difficulty::Easy);
    EXPECT_TRUE(settings.mute);
    const auto& right = keysOf(settings, Action::Right);
    ASSERT_EQ(right.size(), 2u);
    EXPECT_EQ(right[0].key, SDL_SCANCODE_L);
    EXPECT_EQ(right[1].key, SDL_SCANCODE_K);
    EXPECT_EQ(right[1].modifiers, vox::KeyModifiers::Alt);
    Settings defaults;
    EXPECT_EQ(keysOf(settings, Action::Left), keysOf(defaults, Action::Left)); // not mentioned
    EXPECT_EQ(settings.masterVolume, Settings().masterVolume);
}

TEST(Settings, OutOfRangeVolumesAreClampedWithAWarningNamingTheLine) {
    auto parsed =
        parseSettings("voxel-invaders-settings 1\nmaster_volume = 1.5\neffects_volume = -2\nend\n", kFile);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    EXPECT_EQ(parsed.value().settings.masterVolume, 1.0f);
    EXPECT_EQ(parsed.value().settings.effectsVolume, 0.0f);
    ASSERT_EQ(parsed.value().warnings.size(), 2u);
    EXPECT_TRUE(contains(parsed.value().warnings[0], "settings.txt:2:")) << parsed.value().warnings[0];
    EXPECT_TRUE(contains(parsed.value().warnings[1], "settings.txt:3:")) << parsed.value().warnings[1];
}

TEST(Settings, UnknownAndRepeatedSettingsAreWarnedAndIgnored) {
    auto parsed = parseSettings("voxel-invaders-settings 1\n"
                                "colour = green\n"
                                "key.Quit = Q\n"
                                "vsync = false\n"
                                "vsync = true\n"
                                "end\n",
                                kFile);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    const auto& warnings = parsed.value().warnings;
    ASSERT_EQ(warnings.size(), 3u);
    EXPECT_TRUE(contains(warnings[0], ":2:") && contains(warnings[0], "colour")) << warnings[0];
    EXPECT_TRUE(contains(warnings[1], ":3:") && contains(warnings[1], "key.Quit")) << warnings[1];
    EXPECT_TRUE(contains(warnings[2], ":5:") && contains(warnings[2], "vsync")) << warnings[2];
    EXPECT_TRUE(parsed.value().settings.vsync);
}

struct BadFile {
    const char* what;
    std::string text;
    std::string expectedInMessage;
};

TEST(Settings, BadFilesAreRejectedWithTheFileLineAndReason) {
    const std::string header = "voxel-invaders-settings 1\n";
    const BadFile cases[] = {
        {"empty", "", "settings.txt: the file is empty"},
        {"garbage",
         "\x7f"
         "ELF\x02\x01\x01",
         "settings.txt:1: unexpected control character"},
        {"byte order mark", "\xEF\xBB\xBFvoxel-invaders-settings 1\nend\n", "settings.txt:1: expected"},
        {"another program's file", "[settings]\nvolume=1\n", "settings.txt:1: expected"},
        {"newer version", "voxel-invaders-settings 2\nend\n", "settings.txt:1: version 2 is not supported"},
        {"no version", "voxel-invaders-settings\nend\n", "settings.txt:1: expected a version number"},
        {"truncated", header + "master_volume = 0.5\nmute = tr", "cut short"},
        {"truncated at a line end", header + "master_volume = 0.5\n", "cut short"},
        {"no equals sign", header + "mute true\nend\n", "settings.txt:2: expected 'name = value'"},
        {"no name", header + "= true\nend\n", "settings.txt:2: a setting's name is missing"},
        {"bad boolean", header + "mute = yes\nend\n", "settings.txt:2: mute must be true or false"},
        {"bad number", header + "\n\nmaster_volume = loud\nend\n",
         "settings.txt:4: master_volume must be a number"},
        {"half a number", header + "master_volume = 0.5x\nend\n", "settings.txt:2:"},
        {"not a number", header + "effects_volume = nan\nend\n", "settings.txt:2: effects_volume"},
        {"bad difficulty", header + "difficulty = nightmare\nend\n",
         "settings.txt:2: difficulty must be arcade"},
        {"bad quality", header + "quality = ultra\nend\n",
         "settings.txt:2: quality must be auto, low or high, not 'ultra'"},
        {"quality in capitals", header + "quality = HIGH\nend\n", "settings.txt:2: quality must be"},
        {"bad render scale", header + "render_scale = 75%\nend\n",
         "settings.txt:2: render_scale must be auto or a number from 0.5 to 1, not '75%'"},
        {"render scale not a number", header + "render_scale = nan\nend\n", "settings.txt:2: render_scale"},
        {"render scale empty", header + "render_scale =\nend\n", "settings.txt:2: render_scale"},
        {"unknown key name", header + "key.Fire = Hyperspace\nend\n",
         "settings.txt:2: 'Hyperspace' is not a key"},
        {"modifier only", header + "key.Fire = Alt+\nend\n", "settings.txt:2:"},
    };
    for (const BadFile& bad : cases) {
        SCOPED_TRACE(bad.what);
        auto parsed = parseSettings(bad.text, kFile);
        ASSERT_FALSE(parsed.ok());
        EXPECT_TRUE(contains(parsed.error().message, bad.expectedInMessage)) << parsed.error().message;
    }
}

TEST(KeyBindingNames, RoundTripEveryNamedScancodeAndModifiers) {
    int named = 0;
    for (int code = 1; code < SDL_NUM_SCANCODES; ++code) {
        for (int modifiers : {0, 1, 2, 4, 7}) {
            const vox::KeyBinding key{static_cast<SDL_Scancode>(code),
                                      static_cast<vox::KeyModifiers>(modifiers)};
            const std::string name = invaders::keyBindingName(key);
            if (name.empty())
                continue; // SDL has no name for this scancode
            ++named;
            const std::optional<vox::KeyBinding> back = invaders::keyBindingFromName(name);
            ASSERT_TRUE(back.has_value()) << name;
            // Some scancodes share a name (SDL's table); the name must at least map to a key with that name.
            EXPECT_EQ(invaders::keyBindingName(*back), name);
            EXPECT_EQ(back->modifiers, key.modifiers) << name;
        }
    }
    EXPECT_GT(named, 500);
    EXPECT_EQ(invaders::keyBindingName({SDL_SCANCODE_RETURN, vox::KeyModifiers::Alt}), "Alt+Return");
    EXPECT_FALSE(invaders::keyBindingFromName("").has_value());
    EXPECT_FALSE(invaders::keyBindingFromName("Ctrl+").has_value());
}

TEST(DifficultyNames, RoundTrip) {
    for (Difficulty difficulty : {Difficulty::Arcade, Difficulty::Easy, Difficulty::Hard})
        EXPECT_EQ(invaders::difficultyFromName(invaders::difficultyName(difficulty)), difficulty);
    EXPECT_FALSE(invaders::difficultyFromName("Arcade").has_value()); // names are exact
}

} // namespace

namespace {

// The accessibility and view switches: each read and written under its own name, each alone flipped from
// its default (so a field read into another's place fails), and back.
TEST(Settings, AccessibilityAndViewSwitchesRoundTripOneByOne) {
    const std::pair<std::string_view, bool Settings::*> switches[] = {
        {"reduce_motion", &Settings::reduceMotion},
        {"flashes", &Settings::flashes},
        {"color_blind_colors", &Settings::colorBlindColors},
        {"high_contrast_hud", &Settings::highContrastHud},
        {"large_text", &Settings::largeText},
        {"visible_beat", &Settings::visibleBeat},
        {"cabinet", &Settings::cabinet},
        {"show_inputs", &Settings::showInputs},
    };
    for (const auto& [name, member] : switches) {
        SCOPED_TRACE(name);
        Settings settings;
        settings.*member = !(settings.*member);
        const std::string text = invaders::formatSettings(settings);
        EXPECT_TRUE(contains(text, std::string(name) + " = " + (settings.*member ? "true" : "false")))
            << text;
        auto parsed = parseSettings(text, kFile);
        ASSERT_TRUE(parsed.ok()) << parsed.error().message;
        EXPECT_TRUE(parsed.value().settings == settings) << text;
        EXPECT_TRUE(parsed.value().warnings.empty());
    }
    // The defaults: a first run moves, flashes and looks as the game always has.
    const Settings defaults;
    EXPECT_FALSE(defaults.reduceMotion);
    EXPECT_TRUE(defaults.flashes);
    EXPECT_FALSE(defaults.colorBlindColors || defaults.highContrastHud || defaults.largeText ||
                 defaults.visibleBeat || defaults.cabinet || defaults.showInputs);
}

// A bad value of one of them is a warning naming the file, line and setting; it keeps its default and the
// rest of the file (keys, volumes) still counts.
TEST(Settings, ABadAccessibilityValueIsAWarningNamingTheSettingAndKeepsTheDefault) {
    const std::string text = "voxel-invaders-settings 1\n"
                             "master_volume = 0.3\n"
                             "flashes = maybe\n"
                             "large_text = 1\n"
                             "cabinet = true\n"
                             "end\n";
    auto parsed = parseSettings(text, kFile);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    const Settings& settings = parsed.value().settings;
    EXPECT_FLOAT_EQ(settings.masterVolume, 0.3f);
    EXPECT_TRUE(settings.flashes) << "kept its default";
    EXPECT_FALSE(settings.largeText) << "kept its default";
    EXPECT_TRUE(settings.cabinet);
    const std::vector<std::string>& warnings = parsed.value().warnings;
    ASSERT_EQ(warnings.size(), 2u);
    EXPECT_EQ(warnings[0], "settings.txt:3: flashes must be true or false, not 'maybe'; using true");
    EXPECT_TRUE(contains(warnings[1], "settings.txt:4: large_text must be true or false")) << warnings[1];
}

// The board's DIP switches (GAME SETTINGS): every choice round-trips; the defaults are the arcade's.
TEST(Settings, EveryShipsAndExtraShipChoiceRoundTrips) {
    const Settings defaults;
    EXPECT_TRUE(defaults.board().isArcadeDefault());
    for (const int32_t ships : invaders::arcade::kStartingShipsChoices) {
        for (const int32_t extra : invaders::arcade::kExtraShipScoreChoices) {
            Settings settings;
            settings.startingShips = ships;
            settings.extraShipScore = extra;
            const std::string text = invaders::formatSettings(settings);
            EXPECT_TRUE(contains(text, "starting_ships = " + std::to_string(ships) + "\n")) << text;
            EXPECT_TRUE(contains(text, "extra_ship_score = " + std::to_string(extra) + "\n")) << text;
            auto parsed = parseSettings(text, kFile);
            ASSERT_TRUE(parsed.ok()) << parsed.error().message;
            EXPECT_TRUE(parsed.value().settings == settings) << text;
            EXPECT_TRUE(parsed.value().warnings.empty());
            EXPECT_EQ(parsed.value().settings.board().isArcadeDefault(), ships == 3 && extra == 1500);
        }
    }
}

// A value that is not one of the switch's choices is a warning naming the file, line and setting; the setting
// keeps the arcade's value and the rest of the file still counts.
TEST(Settings, ABadShipsOrExtraShipValueIsAWarningAndKeepsTheArcadesValue) {
    const std::string text = "voxel-invaders-settings 1\n"
                             "starting_ships = 9\n"
                             "extra_ship_score = 1200\n"
                             "master_volume = 0.3\n"
                             "end\n";
    auto parsed = parseSettings(text, kFile);
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    const Settings& settings = parsed.value().settings;
    EXPECT_EQ(settings.startingShips, 3);
    EXPECT_EQ(settings.extraShipScore, 1500);
    EXPECT_FLOAT_EQ(settings.masterVolume, 0.3f);
    const std::vector<std::string>& warnings = parsed.value().warnings;
    ASSERT_EQ(warnings.size(), 2u);
    EXPECT_EQ(warnings[0], "settings.txt:2: starting_ships must be 3, 4, 5 or 6, not '9'; using 3");
    EXPECT_EQ(warnings[1], "settings.txt:3: extra_ship_score must be 1000 or 1500, not '1200'; using 1500");
    for (const std::string_view bad : {"four", "-4", "4.0", "+4", ""}) {
        const std::string file =
            "voxel-invaders-settings 1\nstarting_ships = " + std::string(bad) + "\nend\n";
        auto read = parseSettings(file, kFile);
        ASSERT_TRUE(read.ok()) << bad;
        EXPECT_EQ(read.value().settings.startingShips, 3) << bad;
        EXPECT_EQ(read.value().warnings.size(), 1u) << bad;
    }
}

} // namespace
