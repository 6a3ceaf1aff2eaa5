// Large text (Settings::largeText) keeps what must stay in view in view: on every screen, at every window
// size the tests use, no panel or bar covers the HUD, the hi-score or the logo (GameScene's
// `lastFrameLayout`; a hint bar is kept clear too, of the panels after it), panels stay inside the window,
// the HUD keeps off the playfield, and the chosen row of a long menu stays in view while moving through it.
// The title, the options and WATCH are written out to look at (golden-output/large_text_*.png).
#include "../flow_test_support.h"
#include "game_scene_test_support.h"
#include "scene/game_scene.h"

#include "actions.h"
#include "persist/save_files.h"
#include "sim/replay.h"

#include "vox/render/image.h"

#include "engine/platform/temp_directory.h"
#include "engine/render/gl_test_fixture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

namespace invaders {
namespace {

using test::press;

// The sizes the scene tests use, 1280 x 720 and 800 x 600 among them, a portrait phone's included.
constexpr glm::ivec2 kSizes[] = {{1280, 720}, {1920, 1080}, {800, 600},  {640, 360},
                                 {1024, 768}, {720, 1280},  {2560, 1080}};

std::string describe(const ui::ScreenBox& box) {
    std::ostringstream text;
    text << "(" << box.min.x << "," << box.min.y << ")-(" << box.max.x << "," << box.max.y << ")";
    return text.str();
}

std::string describe(glm::ivec2 size) {
    return std::to_string(size.x) + "x" + std::to_string(size.y);
}

class LargeTextLayoutTest : public vox::test::GlTest {
protected:
    void SetUp() override {
        GlTest::SetUp();
        if (IsSkipped() || HasFatalFailure())
            return;
        m_scene = makeScene({});
        ASSERT_TRUE(m_scene);
    }

    // A scene in large text, its table and runs kept in a temporary folder (WATCH and SHARE work).
    std::unique_ptr<GameScene> makeScene(FlowSettings flow) {
        flow.options.largeText = true;
        flow.options.quality = Quality::Low; // the layout is the same; the frames are quicker
        SaveFilePaths files;
        files.highScores = highScoresPath(m_temp.path());
        return test::makeTestScene(flow, {}, files);
    }

    void render(GameScene& scene, glm::ivec2 size, const std::string& keepAs = {}) {
        vox::RenderTarget target = makeTarget(size.x, size.y);
        scene.render(size.x, size.y, 1.0);
        if (keepAs.empty())
            return;
        const std::filesystem::path folder = VOX_TEST_OUTPUT_DIR;
        std::filesystem::create_directories(folder);
        EXPECT_TRUE(vox::writePng(target.readImage(), folder / ("large_text_" + keepAs + ".png")));
    }

    void steps(int count, const vox::ActionState& input = {}) {
        for (int i = 0; i < count; ++i)
            m_scene->step(input);
    }

    // Presses `action` for a step and lets go for one (menus move once per press).
    void tap(Action action) {
        m_scene->step(press(action));
        m_scene->step({});
    }

    // Moves down the menu shown to `item` and chooses it.
    void choose(const std::string& item) {
        for (int i = 0; i < 30 && m_scene->flow().selectedItem() != item; ++i)
            tap(Action::MenuDown);
        ASSERT_EQ(m_scene->flow().selectedItem(), item);
        tap(Action::Confirm);
    }

    // `scene`'s screen at every size: no panel or bar out of the window or over what is kept clear, no
    // HUD over the playfield; `keepAs`: also written out at 1280 x 720 and 800 x 600.
    void expectClear(GameScene& scene, const std::string& what, const std::string& keepAs = {}) {
        for (const glm::ivec2 size : kSizes) {
            const bool keep =
                !keepAs.empty() && (size == glm::ivec2(1280, 720) || size == glm::ivec2(800, 600));
            render(scene, size, keep ? keepAs + "_" + describe(size) : std::string());
            expectClearFrame(scene, size, what + " at " + describe(size));
        }
        ++m_screensChecked;
    }

    static void expectClearFrame(const GameScene& scene, glm::ivec2 size, const std::string& what) {
        const ui::FrameLayout& layout = scene.lastFrameLayout();
        for (const ui::ScreenBox& panel : layout.backdrops) {
            EXPECT_TRUE(panel.min.x >= 0 && panel.min.y >= 0 && panel.max.x <= size.x &&
                        panel.max.y <= size.y)
                << what << ": the panel " << describe(panel) << " leaves the window";
            for (const ui::ScreenBox& kept : layout.keptClear) // a bar is kept clear of the panels after it
                EXPECT_FALSE(panel.intersects(kept) && !(panel.min == kept.min && panel.max == kept.max))
                    << what << ": the panel " << describe(panel) << " covers " << describe(kept);
        }
        const ScreenRect& playfield = scene.lastPlayfieldRect();
        const auto isBar = [&](const ui::ScreenBox& kept) {
            return std::any_of(
                layout.backdrops.begin(), layout.backdrops.end(),
                [&](const ui::ScreenBox& bar) { return bar.min == kept.min && bar.max == kept.max; });
        };
        if (scene.flow().scenery() == Scenery::Playfield) { // what is kept clear but bars: the HUD
            for (const ui::ScreenBox& hud : layout.keptClear)
                EXPECT_FALSE(!isBar(hud) && hud.intersects({playfield.min, playfield.max}))
                    << what << ": the HUD's " << describe(hud) << " is over the playfield "
                    << describe(ui::ScreenBox{playfield.min, playfield.max});
        }
        const std::string& selected = scene.flow().selectedItem();
        if (selected.empty())
            return;
        const auto& texts = scene.lastFrameTexts();
        const auto shown = std::find_if(texts.begin(), texts.end(), [&](const ui::DrawnText& text) {
            return text.text == selected && text.min.y >= 0 && text.max.y <= size.y;
        });
        EXPECT_NE(shown, texts.end()) << what << ": the chosen row \"" << selected << "\" is out of view";
    }

    vox::test::TempDirectory m_temp;
    std::unique_ptr<GameScene> m_scene;
    int m_screensChecked = 0;
};

// The attract cycle's screens, and the options and the screens they open over the sky.
TEST_F(LargeTextLayoutTest, NoPanelOrBarCoversTheLogoOrTheHudOnTheAttractScreensAndTheOptions) {
    GameScene& scene = *m_scene;
    expectClear(scene, "the title", "title");
    steps(kTitleFrames + 1);
    ASSERT_EQ(scene.flow().screen(), Screen::ScoreTable);
    expectClear(scene, "the score table");
    steps(kScoreTableFrames + 1);
    ASSERT_EQ(scene.flow().screen(), Screen::HighScores);
    expectClear(scene, "the attract table");
    steps(kHighScoresFrames + 1);
    ASSERT_EQ(scene.flow().screen(), Screen::Demo);
    steps(300);
    expectClear(scene, "a demo game");
    tap(Action::MenuLeft);
    ASSERT_EQ(scene.flow().screen(), Screen::Title);
    tap(Action::Back);
    ASSERT_EQ(scene.flow().screen(), Screen::Options);
    expectClear(scene, "the options", "options");
    choose("ACCESSIBILITY");
    expectClear(scene, "the accessibility options", "accessibility");
    tap(Action::Back);
    choose("CONTROLS");
    expectClear(scene, "the controls");
    tap(Action::Back);
    tap(Action::Back);
    ASSERT_EQ(scene.flow().screen(), Screen::Title);
    EXPECT_EQ(m_screensChecked, 7);
}

// A game, its pause, the options and the screens they open over it, its end and the initials, the table,
// WATCH playing, paused and ended, SHARE, and a replay: with the attract screens and the options, every
// screen.
TEST_F(LargeTextLayoutTest, NoPanelOrBarCoversTheHudInAGameAndItsRuns) {
    GameScene& scene = *m_scene;
    tap(Action::Confirm);
    ASSERT_EQ(scene.flow().screen(), Screen::Playing);
    steps(200);
    expectClear(scene, "a game");
    tap(Action::Pause);
    ASSERT_EQ(scene.flow().screen(), Screen::Paused);
    expectClear(scene, "the pause menu");
    choose("OPTIONS");
    ASSERT_EQ(scene.flow().screen(), Screen::Options);
    expectClear(scene, "the options over the game", "options_over_the_game");
    choose("ACCESSIBILITY");
    expectClear(scene, "the accessibility options over the game");
    tap(Action::Back);
    choose("CONTROLS");
    expectClear(scene, "the controls over the game");
    tap(Action::Back);
    tap(Action::Back);
    ASSERT_EQ(scene.flow().screen(), Screen::Paused);
    tap(Action::Pause);
    ASSERT_EQ(scene.flow().screen(), Screen::Playing);

    for (int i = 0; i < 200000 && scene.flow().screen() == Screen::Playing; ++i)
        scene.step(i % 2 == 0 ? press(Action::Fire) : vox::ActionState{});
    ASSERT_EQ(scene.flow().screen(), Screen::GameOver);
    expectClear(scene, "game over");
    steps(kGameOverFrames + kInputDelayFrames + 2);
    ASSERT_EQ(scene.flow().screen(), Screen::EnterInitials);
    expectClear(scene, "the initials");
    for (int letter = 0; letter < 3; ++letter)
        tap(Action::Confirm);
    ASSERT_EQ(scene.flow().screen(), Screen::HighScores);
    steps(kInputDelayFrames + 1);
    expectClear(scene, "the table after a game");
    tap(Action::Confirm);
    ASSERT_EQ(scene.flow().screen(), Screen::Watch);
    ASSERT_NE(scene.flow().runs().watchedRun(), nullptr) << scene.flow().runs().watchNote();
    steps(120);
    expectClear(scene, "WATCH playing", "watch");
    tap(Action::Pause);
    expectClear(scene, "WATCH paused");
    const RunPlayback* watched = scene.flow().runs().watchedRun();
    for (int i = 0; i < 1000 && !watched->ended(); ++i) // Page Down to the end: the verdict and its menu
        tap(Action::MenuPageDown);
    ASSERT_TRUE(watched->ended());
    expectClear(scene, "WATCH ended");
    choose("SHARE");
    ASSERT_EQ(scene.flow().screen(), Screen::Share);
    expectClear(scene, "SHARE");

    vox::Result<Replay> recording = readReplayFile("tests/data/replays/demo-seed5-18000.vir");
    ASSERT_TRUE(recording.ok()) << recording.error().message;
    FlowSettings replay;
    replay.replay = std::move(recording).value();
    std::unique_ptr<GameScene> replaying = makeScene(replay);
    ASSERT_TRUE(replaying);
    for (int i = 0; i < 600; ++i)
        replaying->step({});
    ASSERT_EQ(replaying->flow().screen(), Screen::Replay);
    expectClear(*replaying, "a replay");
    EXPECT_EQ(m_screensChecked, 13);
}

// The options and the accessibility options, the longest menus, over the sky and over a paused game: the
// chosen row stays in view (and nothing kept clear is covered) row by row down the menu and round again.
TEST_F(LargeTextLayoutTest, TheChosenRowStaysInViewThroughALongMenu) {
    GameScene& scene = *m_scene;
    const auto throughTheMenu = [&](const std::string& what) {
        const std::string first = scene.flow().selectedItem();
        int rows = 0;
        do {
            for (const glm::ivec2 size :
                 {glm::ivec2(1280, 720), glm::ivec2(800, 600), glm::ivec2(640, 360), glm::ivec2(720, 1280)}) {
                render(scene, size);
                expectClearFrame(scene, size,
                                 what + ", " + scene.flow().selectedItem() + ", " + describe(size));
            }
            tap(Action::MenuDown);
            ++rows;
        } while (scene.flow().selectedItem() != first && rows < 40);
        EXPECT_GE(rows, 7) << what << ": a long menu";
        EXPECT_LT(rows, 40) << what << ": round to the first row again";
    };
    tap(Action::Back);
    ASSERT_EQ(scene.flow().screen(), Screen::Options);
    throughTheMenu("the options");
    choose("ACCESSIBILITY");
    throughTheMenu("the accessibility options");
    tap(Action::Back);
    tap(Action::Back);
    tap(Action::Confirm);
    steps(100);
    tap(Action::Pause);
    choose("OPTIONS");
    ASSERT_EQ(scene.flow().screen(), Screen::Options);
    throughTheMenu("the options over the game");
}

// The title's menu scrolled (large text at 1280 x 720, QUIT chosen: its first rows out of view, the how
// to play in): a tap on a row still chooses that row, not the one that was drawn there before it scrolled.
TEST_F(LargeTextLayoutTest, ATapOnAScrolledMenuChoosesTheRowTapped) {
    GameScene& scene = *m_scene;
    tap(Action::MenuUp); // wraps round to QUIT
    ASSERT_EQ(scene.flow().selectedItem(), "QUIT");
    const glm::ivec2 size(1280, 720);
    render(scene, size);
    const auto drawnAt = [&](const std::string& label) -> const ui::DrawnText* {
        for (const ui::DrawnText& text : scene.lastFrameTexts())
            if (text.text == label)
                return &text;
        return nullptr;
    };
    ASSERT_EQ(drawnAt("1 PLAYER"), nullptr) << "scrolled out of view";
    ASSERT_NE(drawnAt("HOW TO PLAY"), nullptr) << "the lines after the last row scrolled in";
    const ui::DrawnText* options = drawnAt("OPTIONS");
    ASSERT_NE(options, nullptr);
    scene.tapped(glm::vec2(options->min + options->max) * 0.5f / glm::vec2(size));
    scene.step({});
    EXPECT_EQ(scene.flow().screen(), Screen::Options) << "the tap chose " << scene.flow().selectedItem();
}

} // namespace
} // namespace invaders
