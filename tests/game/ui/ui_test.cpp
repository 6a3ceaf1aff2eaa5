// The widgets' stepping half (no GL): a button reports only when selected and confirmed, options report
// the direction, the selection wraps, and a drawing Ui never reports anything.
#include "ui/ui.h"

#include "ui/hud.h"
#include "ui/key_names.h"

#include <gtest/gtest.h>

namespace invaders::ui {
namespace {

struct Menu {
    MenuState state;
    int32_t confirmed = -1;
    int32_t changed = 0;
    std::string selected;

    void layout(Ui& ui) {
        ui.beginPanel("TEST", {0.5f, 0.5f}, &state);
        ui.text("NOT SELECTABLE");
        if (ui.button("FIRST"))
            confirmed = 0;
        if (const int32_t change = ui.option("VALUE", "50%"))
            changed = change;
        if (ui.button("LAST"))
            confirmed = 2;
        ui.endPanel();
        selected = ui.selectedLabel();
    }
    void step(const NavInput& nav) {
        Ui ui = Ui::stepping(nav);
        layout(ui);
    }
};

TEST(Ui, UpDownMoveTheSelectionAndWrap) {
    Menu menu;
    menu.step({});
    EXPECT_EQ(menu.selected, "FIRST") << "text rows are not selectable";
    menu.step({.down = true});
    EXPECT_EQ(menu.selected, "VALUE");
    menu.step({.down = true});
    menu.step({.down = true});
    EXPECT_EQ(menu.selected, "FIRST") << "Down from the last wraps";
    menu.step({.up = true});
    EXPECT_EQ(menu.selected, "LAST");
    EXPECT_EQ(menu.confirmed, -1);
}

TEST(Ui, ConfirmChoosesTheSelectedButtonAndLeftRightChangeTheSelectedOption) {
    Menu menu;
    menu.step({.right = true});
    EXPECT_EQ(menu.changed, 0) << "Left/Right do nothing on a button";
    menu.step({.confirm = true});
    EXPECT_EQ(menu.confirmed, 0);
    menu.step({.down = true});
    menu.step({.left = true});
    EXPECT_EQ(menu.changed, -1);
    menu.step({.right = true});
    EXPECT_EQ(menu.changed, 1);
    menu.changed = 0;
    menu.step({.confirm = true});
    EXPECT_EQ(menu.changed, 1) << "Confirm steps an option forward";
}

TEST(Ui, ScoresHaveOneFormatAndKeysReadAsKeyCaps) {
    EXPECT_EQ(scoreText(0), "0000");
    EXPECT_EQ(scoreText(450), "0450");
    EXPECT_EQ(scoreText(9990), "9990");
    EXPECT_EQ(ordinalText(1), "1ST");
    EXPECT_EQ(ordinalText(2), "2ND");
    EXPECT_EQ(ordinalText(3), "3RD");
    EXPECT_EQ(ordinalText(4), "4TH");
    EXPECT_EQ(ordinalText(10), "10TH");
    EXPECT_EQ(ordinalText(11), "11TH");
    EXPECT_EQ(ordinalText(21), "21ST");
    EXPECT_EQ(keyCapName({SDL_SCANCODE_LEFT}), "←");
    EXPECT_EQ(keyCapName({SDL_SCANCODE_ESCAPE}), "ESC");
    EXPECT_EQ(keyCapName({SDL_SCANCODE_RETURN, vox::KeyModifiers::Alt}), "ALT+ENTER");
    EXPECT_EQ(keyCapName({SDL_SCANCODE_P}), "P");
    const KeyBindings keys = defaultKeyBindings();
    EXPECT_EQ(moveKeysText(keys), "← → / A D");
    EXPECT_EQ(boundKeysText(keys, Action::Pause), "P / ESC");
    EXPECT_EQ(boundKeysText(keys, Action::Fire), "SPACE");
}

} // namespace
} // namespace invaders::ui

namespace invaders::ui {
namespace {

// Taps (a touch screen): a row is chosen where the last frame drew it (`MenuState::rowBoxes`, filled here as
// a drawing Ui fills them: one box per selectable row, in fractions of the screen).
struct TappableMenu : Menu {
    TappableMenu() {
        state.rowBoxes = {{{0.4f, 0.40f}, {0.6f, 0.45f}},  // FIRST
                          {{0.4f, 0.45f}, {0.6f, 0.50f}},  // VALUE
                          {{0.4f, 0.50f}, {0.6f, 0.55f}}}; // LAST
    }
};

TEST(UiTaps, ATapOnAButtonSelectsAndChoosesIt) {
    TappableMenu menu;
    menu.step({.tap = glm::vec2(0.5f, 0.52f)});
    EXPECT_EQ(menu.selected, "LAST");
    EXPECT_EQ(menu.confirmed, 2);
    EXPECT_EQ(menu.changed, 0);
}

TEST(UiTaps, ATapOnAnOptionSelectsItAndStepsItsValueUp) {
    TappableMenu menu;
    menu.step({.tap = glm::vec2(0.45f, 0.47f)});
    EXPECT_EQ(menu.selected, "VALUE");
    EXPECT_EQ(menu.changed, 1);
    EXPECT_EQ(menu.confirmed, -1);
}

TEST(UiTaps, ATapBesideEveryRowDoesNothing) {
    TappableMenu menu;
    menu.step({.down = true});
    for (const glm::vec2 tap : {glm::vec2(0.3f, 0.42f), glm::vec2(0.5f, 0.39f), glm::vec2(0.6f, 0.5f)}) {
        menu.step({.tap = tap});
        EXPECT_EQ(menu.selected, "VALUE") << tap.x << "," << tap.y;
        EXPECT_EQ(menu.confirmed, -1);
        EXPECT_EQ(menu.changed, 0);
    }
    EXPECT_EQ(tappedRow(menu.state, {0.6f, 0.5f}), -1) << "max is exclusive";
    EXPECT_EQ(tappedRow(menu.state, {0.4f, 0.5f}), 2) << "min is inclusive";
}

TEST(UiTaps, BeforeAnyFrameWasDrawnATapChoosesNothing) {
    Menu menu; // no row boxes yet
    menu.step({.tap = glm::vec2(0.5f, 0.5f)});
    EXPECT_EQ(menu.selected, "FIRST");
    EXPECT_EQ(menu.confirmed, -1);
}

TEST(UiTaps, ATapCountsAsInputForIdleTimers) {
    EXPECT_TRUE((NavInput{.tap = glm::vec2(0.1f, 0.1f)}).any());
    EXPECT_FALSE(NavInput{}.any());
}

} // namespace
} // namespace invaders::ui
