// The one place options take effect: `optionsDifference` field by field, start-up as the first update
// (every field applied, nothing saved), `OptionsApplier` applying and saving each later difference once,
// and every change any screen makes to `Settings` (the options, accessibility and controls screens) both
// applied and saved after the step that made it.
#include "flow_test_support.h"
#include "options_applier.h"

#include "game_flow.h"
#include "sim/game_assets.h"

#include "vox/core/result.h"

#include <gtest/gtest.h>

#include <optional>
#include <vector>

namespace invaders {
namespace {

using test::assets;
using test::press;

using vox::ActionState;

// Records what was applied and saved, as the runner's window, action map, audio and file would take it.
class RecordingTarget : public OptionsTarget {
public:
    void applyKeys(const KeyBindings& keys) override {
        live.keys = keys;
        ++applies;
    }
    vox::Status applyFullscreen(bool fullscreen) override {
        ++applies;
        if (refuseFullscreen)
            return vox::Error{"no fullscreen here"};
        live.fullscreen = fullscreen;
        return {};
    }
    vox::Status applyVsync(bool vsync) override {
        ++applies;
        live.vsync = vsync;
        return {};
    }
    void applyVolumes(const Volumes& volumes) override {
        live.masterVolume = volumes.master;
        live.effectsVolume = volumes.effects;
        live.mute = volumes.mute;
        ++applies;
    }
    void save(const Settings& settings) override {
        saved = settings;
        ++saves;
    }

    Settings live;                 ///< The fields that have an apply step, as applied.
    std::optional<Settings> saved; ///< The latest settings saved.
    int saves = 0;
    int applies = 0; ///< Calls of the four apply functions.
    bool refuseFullscreen = false;
};

// Settings that differ from the defaults in every field with an apply step, and in a few without.
Settings unusualSettings() {
    Settings settings;
    settings.keys[static_cast<size_t>(Action::Fire)] = {{SDL_SCANCODE_K}};
    settings.fullscreen = true;
    settings.vsync = false;
    settings.masterVolume = 0.3f;
    settings.effectsVolume = 0.2f;
    settings.mute = true;
    settings.quality = Quality::Low;
    settings.difficulty = Difficulty::Easy;
    settings.largeText = true;
    return settings;
}

TEST(OptionsDifference, WithNothingAppliedEveryFieldDiffers) {
    const OptionsDifference difference = optionsDifference(std::nullopt, Settings{});
    EXPECT_TRUE(difference.any);
    EXPECT_TRUE(difference.keys && difference.fullscreen && difference.vsync && difference.volumes);
}

TEST(OptionsDifference, EqualSettingsDifferInNothing) {
    const OptionsDifference difference = optionsDifference(Settings{}, Settings{});
    EXPECT_FALSE(difference.any);
    EXPECT_FALSE(difference.keys || difference.fullscreen || difference.vsync || difference.volumes);
}

TEST(OptionsDifference, EachFieldIsNoticedAndOnlyItsApplyStepIsAsked) {
    struct Case {
        const char* field;
        void (*change)(Settings&);
        bool keys, fullscreen, vsync, volumes;
    };
    const Case cases[] = {
        {"masterVolume", [](Settings& s) { s.masterVolume = 0.3f; }, false, false, false, true},
        {"effectsVolume", [](Settings& s) { s.effectsVolume = 0.2f; }, false, false, false, true},
        {"mute", [](Settings& s) { s.mute = true; }, false, false, false, true},
        {"fullscreen", [](Settings& s) { s.fullscreen = true; }, false, true, false, false},
        {"vsync", [](Settings& s) { s.vsync = false; }, false, false, true, false},
        // Read by the scene every frame or by the next game: saved, no apply step.
        {"difficulty", [](Settings& s) { s.difficulty = Difficulty::Easy; }, false, false, false, false},
        {"quality", [](Settings& s) { s.quality = Quality::Low; }, false, false, false, false},
        {"renderScale", [](Settings& s) { s.renderScale = 0.5f; }, false, false, false, false},
        {"keys", [](Settings& s) { s.keys[static_cast<size_t>(Action::Fire)] = {{SDL_SCANCODE_K}}; }, true,
         false, false, false},
        {"cabinet", [](Settings& s) { s.cabinet = true; }, false, false, false, false},
        {"reduceMotion", [](Settings& s) { s.reduceMotion = true; }, false, false, false, false},
        {"flashes", [](Settings& s) { s.flashes = false; }, false, false, false, false},
        {"colorBlindColors", [](Settings& s) { s.colorBlindColors = true; }, false, false, false, false},
        {"highContrastHud", [](Settings& s) { s.highContrastHud = true; }, false, false, false, false},
        {"largeText", [](Settings& s) { s.largeText = true; }, false, false, false, false},
        {"visibleBeat", [](Settings& s) { s.visibleBeat = true; }, false, false, false, false},
        {"showInputs", [](Settings& s) { s.showInputs = true; }, false, false, false, false},
    };
    for (const Case& test : cases) {
        SCOPED_TRACE(test.field);
        Settings wanted;
        test.change(wanted);
        ASSERT_FALSE(wanted == Settings{}) << "the case changes its field";
        const OptionsDifference difference = optionsDifference(Settings{}, wanted);
        EXPECT_TRUE(difference.any) << "every difference is saved";
        EXPECT_EQ(difference.keys, test.keys);
        EXPECT_EQ(difference.fullscreen, test.fullscreen);
        EXPECT_EQ(difference.vsync, test.vsync);
        EXPECT_EQ(difference.volumes, test.volumes);
    }
}

TEST(OptionsApplier, StartUpAppliesEveryFieldAndSavesNothing) {
    for (const Settings& wanted : {unusualSettings(), Settings{}}) {
        SCOPED_TRACE(wanted == Settings{} ? "the defaults" : "every field changed");
        RecordingTarget target;
        // What a plain window, action map and audio would hold: none of the wanted values.
        target.live.keys = {};
        target.live.fullscreen = !wanted.fullscreen;
        target.live.vsync = !wanted.vsync;
        target.live.masterVolume = -1.0f;
        target.live.effectsVolume = -1.0f;
        target.live.mute = !wanted.mute;
        OptionsApplier applier;
        EXPECT_FALSE(applier.applied().has_value());
        const OptionsUpdate update = applier.update(wanted, target);
        EXPECT_TRUE(update.difference.any);
        EXPECT_EQ(target.applies, 4) << "keys, fullscreen, vsync and volumes, each once";
        EXPECT_EQ(target.live.keys, wanted.keys);
        EXPECT_EQ(target.live.fullscreen, wanted.fullscreen);
        EXPECT_EQ(target.live.vsync, wanted.vsync);
        EXPECT_EQ(target.live.masterVolume, wanted.masterVolume);
        EXPECT_EQ(target.live.effectsVolume, wanted.effectsVolume);
        EXPECT_EQ(target.live.mute, wanted.mute);
        ASSERT_TRUE(update.note.has_value()) << "the options screen learns what the display granted";
        EXPECT_EQ(*update.note, "");
        EXPECT_FALSE(update.saved);
        EXPECT_EQ(target.saves, 0) << "the file already holds what start-up read from it";
        ASSERT_TRUE(applier.applied().has_value());
        EXPECT_EQ(*applier.applied(), wanted) << "every field in force, those read per frame too";

        const OptionsUpdate again = applier.update(wanted, target);
        EXPECT_FALSE(again.difference.any);
        EXPECT_EQ(target.applies, 4) << "the same options again: nothing applied";
        EXPECT_EQ(target.saves, 0);
    }
}

TEST(OptionsApplier, AfterStartUpADifferenceIsAppliedAndSavedOnce) {
    RecordingTarget target;
    OptionsApplier applier;
    (void)applier.update({}, target);
    const int startUp = target.applies;

    Settings wanted;
    wanted.vsync = false;
    wanted.mute = true;
    wanted.quality = Quality::Low;
    const OptionsUpdate update = applier.update(wanted, target);
    EXPECT_TRUE(update.difference.any);
    EXPECT_TRUE(update.saved);
    EXPECT_FALSE(update.difference.keys || update.difference.fullscreen) << "only what changed";
    EXPECT_EQ(target.applies, startUp + 2) << "vsync and the volumes";
    ASSERT_TRUE(update.note.has_value()) << "a display option changed";
    EXPECT_EQ(*update.note, "") << "and was granted";
    EXPECT_FALSE(target.live.vsync);
    EXPECT_TRUE(target.live.mute);
    ASSERT_TRUE(target.saved.has_value());
    EXPECT_EQ(*target.saved, wanted);
    EXPECT_EQ(target.saves, 1);
    EXPECT_EQ(applier.applied(), wanted);

    const OptionsUpdate quality = applier.update(unusualSettings(), target);
    EXPECT_TRUE(quality.saved);
    EXPECT_EQ(target.saves, 2);

    EXPECT_FALSE(applier.update(unusualSettings(), target).difference.any);
    EXPECT_EQ(target.saves, 2) << "the same options again: no second save";
}

TEST(OptionsApplier, ARefusalIsANoteAndTheOptionIsStillSaved) {
    RecordingTarget target;
    target.refuseFullscreen = true;
    OptionsApplier applier;
    (void)applier.update({}, target);
    Settings wanted;
    wanted.fullscreen = true;
    const OptionsUpdate update = applier.update(wanted, target);
    ASSERT_TRUE(update.note.has_value());
    EXPECT_EQ(*update.note, "FULLSCREEN REFUSED BY THE WINDOW SYSTEM");
    EXPECT_FALSE(target.live.fullscreen);
    ASSERT_TRUE(target.saved.has_value());
    EXPECT_TRUE(target.saved->fullscreen) << "what the player asked for is kept for the next start";
}

TEST(OptionsApplier, AFullscreenRefusedAtStartUpIsNotHiddenByAGrantedVsync) {
    RecordingTarget target;
    target.refuseFullscreen = true;
    OptionsApplier applier;
    Settings wanted;
    wanted.fullscreen = true;
    const OptionsUpdate update = applier.update(wanted, target);
    ASSERT_TRUE(update.note.has_value());
    EXPECT_EQ(*update.note, "FULLSCREEN REFUSED BY THE WINDOW SYSTEM");
    EXPECT_TRUE(target.live.vsync) << "vsync was applied all the same";
}

// --- Through the screens -------------------------------------------------------------------------------

// The runner's step in miniature: the flow steps, then the applier runs once. After every step the options
// the screens hold must be the options in force, applied and (when they ever changed) saved.
class Runner {
public:
    // Start-up: the first update applies everything the flow starts with.
    explicit Runner(GameFlow& flow) : m_flow(flow) {
        const OptionsUpdate startUp = m_applier.update(flow.options(), target);
        EXPECT_FALSE(startUp.saved);
        EXPECT_EQ(target.live.keys, flow.options().keys);
    }

    void step(const ActionState& input, std::optional<SDL_Scancode> key = std::nullopt) {
        if (key)
            m_flow.keyPressed(*key);
        const Settings before = m_flow.options();
        m_flow.step(input);
        const bool changed = !(m_flow.options() == before);
        const int saves = target.saves;
        (void)m_applier.update(m_flow.options(), target);
        ++steps;
        SCOPED_TRACE("step " + std::to_string(steps));
        EXPECT_EQ(target.saves, saves + (changed ? 1 : 0)) << "one save exactly when the step changed them";
        EXPECT_EQ(m_applier.applied(), m_flow.options());
        if (changed) {
            ++changes;
            ASSERT_TRUE(target.saved.has_value());
            EXPECT_EQ(*target.saved, m_flow.options()) << "saved as changed";
        }
        const Settings& wanted = m_flow.options();
        EXPECT_EQ(target.live.keys, wanted.keys) << "applied";
        EXPECT_EQ(target.live.fullscreen, wanted.fullscreen);
        EXPECT_EQ(target.live.vsync, wanted.vsync);
        EXPECT_EQ(target.live.masterVolume, wanted.masterVolume);
        EXPECT_EQ(target.live.effectsVolume, wanted.effectsVolume);
        EXPECT_EQ(target.live.mute, wanted.mute);
    }
    void tap(Action action) {
        step(press(action));
        step({});
    }

    RecordingTarget target;
    int steps = 0;
    int changes = 0;

private:
    GameFlow& m_flow;
    OptionsApplier m_applier;
};

TEST(OptionsApplier, EveryChangeAnyScreenMakesIsAppliedAndSaved) {
    GameFlow flow({}, assets(), {});
    Runner runner(flow);
    runner.tap(Action::Back);
    ASSERT_EQ(flow.screen(), Screen::Options);
    // Every row of the options screen, changed down and up (ACCESSIBILITY and CONTROLS open their screens:
    // done below).
    int rows = 0;
    while (flow.selectedItem() != "ACCESSIBILITY") {
        SCOPED_TRACE(flow.selectedItem());
        runner.tap(Action::MenuLeft);
        runner.tap(Action::MenuRight);
        runner.tap(Action::MenuRight);
        runner.tap(Action::MenuDown);
        ASSERT_LT(++rows, 20) << "ACCESSIBILITY not reached";
    }
    runner.tap(Action::Confirm);
    ASSERT_EQ(flow.screen(), Screen::Accessibility);
    // Every row of the accessibility screen, changed down and up, the same way.
    while (flow.selectedItem() != "BACK") {
        SCOPED_TRACE(flow.selectedItem());
        runner.tap(Action::MenuLeft);
        runner.tap(Action::MenuRight);
        runner.tap(Action::MenuRight);
        runner.tap(Action::MenuDown);
        ASSERT_LT(++rows, 30) << "the accessibility screen's BACK not reached";
    }
    runner.tap(Action::Confirm);
    ASSERT_EQ(flow.screen(), Screen::Options);
    runner.tap(Action::MenuDown);
    ASSERT_EQ(flow.selectedItem(), "CONTROLS");
    runner.tap(Action::Confirm);
    ASSERT_EQ(flow.screen(), Screen::Controls);
    // Rebind MOVE LEFT to K, then every key back to its default.
    runner.tap(Action::Confirm);
    ASSERT_TRUE(flow.listeningForKey());
    runner.step({}, SDL_SCANCODE_K);
    runner.step({});
    EXPECT_EQ(flow.options().keys[static_cast<size_t>(Action::Left)],
              std::vector<vox::KeyBinding>{{SDL_SCANCODE_K}});
    while (flow.selectedItem() != "RESET TO DEFAULTS")
        runner.tap(Action::MenuDown);
    runner.tap(Action::Confirm);
    EXPECT_EQ(flow.options().keys, defaultKeyBindings());
    runner.tap(Action::Back);
    runner.tap(Action::Back);
    ASSERT_EQ(flow.screen(), Screen::Title);
    runner.tap(Action::Confirm);
    ASSERT_EQ(flow.screen(), Screen::Playing);
    // Every option row three ways, a rebinding, a reset: each one a change (F11 is the runner's:
    // tests/game/runner/).
    EXPECT_GE(runner.changes, 3 * rows - 4) << "the walk changed the options (a few values stop at a limit)";
    EXPECT_EQ(runner.target.saves, runner.changes);
}

// Each accessibility row, the cabinet and the input panel change their own `Settings` field and nothing else,
// and each change is saved once.
TEST(OptionsApplier, EachAccessibilityRowAndTheCabinetChangeTheirFieldAndAreSavedOnce) {
    struct Case {
        const char* row; // its label
        bool Settings::*field;
        bool accessibility; // on the accessibility screen; else on the options screen
    };
    const Case cases[] = {
        {"REDUCE MOTION", &Settings::reduceMotion, true},
        {"FLASHES", &Settings::flashes, true},
        {"COLOUR-BLIND COLOURS", &Settings::colorBlindColors, true},
        {"HIGH-CONTRAST HUD", &Settings::highContrastHud, true},
        {"TEXT SIZE", &Settings::largeText, true},
        {"VISIBLE BEAT", &Settings::visibleBeat, true},
        {"CABINET", &Settings::cabinet, false},
        {"SHOW INPUTS", &Settings::showInputs, false},
    };
    for (const Case& test : cases) {
        SCOPED_TRACE(test.row);
        GameFlow flow({}, assets(), {});
        Runner runner(flow);
        runner.tap(Action::Back);
        ASSERT_EQ(flow.screen(), Screen::Options);
        if (test.accessibility) {
            while (flow.selectedItem() != "ACCESSIBILITY")
                runner.tap(Action::MenuDown);
            runner.tap(Action::Confirm);
            ASSERT_EQ(flow.screen(), Screen::Accessibility);
        }
        for (int rows = 0; flow.selectedItem() != test.row; ++rows) {
            ASSERT_LT(rows, 20) << "row not found";
            runner.tap(Action::MenuDown);
        }
        const Settings before = flow.options();
        ASSERT_EQ(runner.target.saves, 0);
        for (Action action : {Action::MenuRight, Action::MenuLeft, Action::Confirm}) {
            const bool was = flow.options().*test.field;
            runner.tap(action);
            EXPECT_NE(flow.options().*test.field, was) << "Left, Right and Confirm each toggle it";
            Settings others = flow.options();
            others.*test.field = before.*test.field;
            EXPECT_EQ(others, before) << "no other field changed";
        }
        EXPECT_EQ(runner.target.saves, 3) << "saved once per change";
        ASSERT_TRUE(runner.target.saved.has_value());
        EXPECT_NE((*runner.target.saved).*test.field, before.*test.field) << "saved as changed";
    }
}

} // namespace
} // namespace invaders
