// WATCH and SHARE as drawn: a game played through the scene, its run kept beside a temporary table, the
// WATCH bar (whose run, the seek track, time and rate) and the keys over the playing run and the paused one
// (goldens), the verdict at its end (golden), the input panel following the run, and the SHARE panel (its
// path varies, so the frame is checked by its texts and written out to look at).
#include "flow_test_support.h"
#include "scene/game_scene.h"
#include "scene/game_scene_test_support.h"

#include "actions.h"
#include "persist/save_files.h"
#include "sim/asset_loader.h"

#include "engine/platform/temp_directory.h"
#include "engine/render/gl_test_fixture.h"
#include "engine/render/golden_image.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace invaders {
namespace {

using test::press;

constexpr int kWidth = 1280;
constexpr int kHeight = 720;

class WatchShareSceneTest : public vox::test::GlTest {
protected:
    void SetUp() override {
        GlTest::SetUp();
        if (IsSkipped() || HasFatalFailure())
            return;
        FlowSettings flow;
        flow.options.quality = Quality::High; // stated, so the goldens do not depend on the driver
        SaveFilePaths files;
        files.highScores = highScoresPath(m_temp.path());
        m_scene = test::makeTestScene(flow, {}, files);
        ASSERT_TRUE(m_scene);
    }

    vox::Image render(std::string_view name) {
        vox::RenderTarget target = makeTarget(kWidth, kHeight);
        m_scene->render(kWidth, kHeight, 1.0);
        vox::Image image = target.readImage();
        const std::filesystem::path folder = VOX_TEST_OUTPUT_DIR;
        std::filesystem::create_directories(folder);
        EXPECT_TRUE(vox::writePng(image, folder / (std::string(name) + ".png")));
        return image;
    }

    void steps(int count, vox::ActionState input = {}) {
        for (int i = 0; i < count; ++i)
            m_scene->step(input);
    }

    bool drew(std::string_view text) const {
        const auto& texts = m_scene->lastFrameTexts();
        return std::any_of(texts.begin(), texts.end(),
                           [&](const ui::DrawnText& t) { return t.text == text; });
    }

    // No two texts of the latest frame overlap (the bars, the HUD, the lives, the input panel).
    void expectNoTextsOverlap(std::string_view what) const {
        const auto& texts = m_scene->lastFrameTexts();
        for (size_t i = 0; i < texts.size(); ++i)
            for (size_t j = i + 1; j < texts.size(); ++j) {
                const ui::DrawnText& a = texts[i];
                const ui::DrawnText& b = texts[j];
                EXPECT_FALSE(a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y)
                    << what << ": \"" << a.text << "\" overlaps \"" << b.text << "\"";
            }
    }

    bool drewContaining(std::string_view part) const {
        const auto& texts = m_scene->lastFrameTexts();
        return std::any_of(texts.begin(), texts.end(),
                           [&](const ui::DrawnText& t) { return t.text.find(part) != std::string::npos; });
    }

    bool drewStarting(std::string_view start) const {
        const auto& texts = m_scene->lastFrameTexts();
        return std::any_of(texts.begin(), texts.end(),
                           [&](const ui::DrawnText& t) { return t.text.starts_with(start); });
    }

    // A game to its end with taps of Fire, "AAA" entered, then WATCH on its row.
    void playEnterAndWatch() {
        m_scene->step(press(Action::Confirm));
        for (int i = 0; i < 200000 && m_scene->flow().screen() == Screen::Playing; ++i)
            m_scene->step(i % 2 == 0 ? press(Action::Fire) : vox::ActionState{});
        ASSERT_EQ(m_scene->flow().screen(), Screen::GameOver);
        steps(kGameOverFrames + kInputDelayFrames + 2);
        ASSERT_EQ(m_scene->flow().screen(), Screen::EnterInitials);
        for (int letter = 0; letter < 3; ++letter) {
            m_scene->step(press(Action::Confirm));
            m_scene->step({});
        }
        ASSERT_EQ(m_scene->flow().screen(), Screen::HighScores);
        ASSERT_TRUE(m_scene->flow().runs().highScores().entries()[0].run.has_value())
            << m_scene->flow().runs().runNote();
        steps(kInputDelayFrames + 1);
        m_scene->step(press(Action::Confirm));
        ASSERT_EQ(m_scene->flow().screen(), Screen::Watch);
        ASSERT_NE(m_scene->flow().runs().watchedRun(), nullptr) << m_scene->flow().runs().watchNote();
    }

    vox::test::TempDirectory m_temp;
    std::unique_ptr<GameScene> m_scene;
};

TEST_F(WatchShareSceneTest, TheWatchBannerThePauseMenuAndTheVerdict) {
    playEnterAndWatch();
    if (HasFatalFailure())
        return;
    // As it starts, the run's board in words over the playfield, and its tag in the bar (written out to
    // look at: watch_start.png).
    steps(1);
    render("watch_start");
    EXPECT_TRUE(drew("PLAYED ON")) << "the board, as the watch starts";
    EXPECT_TRUE(drew("ARCADE DIFFICULTY, 3 SHIPS"));
    EXPECT_TRUE(drew("EXTRA SHIP AT 1500 (THE ARCADE'S)"));
    EXPECT_TRUE(drewStarting("WATCHING AAA") && drewContaining("  ARCADE")) << "the bar's tag";
    expectNoTextsOverlap("starting");
    steps(119);
    m_scene->step(press(Action::MenuUp)); // 2x
    steps(60);
    const vox::Image playing = render("watch_banner");
    EXPECT_TRUE(vox::test::matchesGolden(playing, "watch_banner"));
    EXPECT_TRUE(drewStarting("WATCHING AAA")) << "the banner names whose run it is";
    EXPECT_TRUE(drewContaining("0:04 / ")) << "where it stands";
    EXPECT_TRUE(drewContaining("  2X")) << "and the speed";
    EXPECT_FALSE(drew("PLAYED ON")) << "gone after the first four seconds";
    EXPECT_TRUE(drew("5 S") && drew("30 S") && drew("SPEED")) << "the keys, playing";
    expectNoTextsOverlap("playing");
    vox::RenderTarget square = makeTarget(1024, 768);
    m_scene->render(1024, 768, 1.0);
    expectNoTextsOverlap("playing at 1024 x 768");
    EXPECT_TRUE(
        vox::writePng(square.readImage(), std::filesystem::path(VOX_TEST_OUTPUT_DIR) / "watch_4x3.png"));

    m_scene->step(press(Action::Pause));
    m_scene->step({});
    for (int i = 0; i < 3; ++i) { // three steps back, studying
        m_scene->step(press(Action::MenuLeft));
        m_scene->step({});
    }
    const vox::Image paused = render("watch_paused");
    EXPECT_TRUE(vox::test::matchesGolden(paused, "watch_paused"));
    EXPECT_TRUE(drewContaining("PAUSED 2X"));
    EXPECT_TRUE(drew("STEP") && drew("PLAY")) << "the keys, paused";
    EXPECT_FALSE(drew("SHARE")) << "no menu over the playfield";
    expectNoTextsOverlap("paused");

    m_scene->step(press(Action::Pause));
    const RunPlayback* watched = m_scene->flow().runs().watchedRun();
    ASSERT_NE(watched, nullptr);
    for (int i = 0; i < 200000 && !watched->ended(); ++i)
        m_scene->step({});
    steps(2);
    const vox::Image verdict = render("watch_verified");
    EXPECT_TRUE(vox::test::matchesGolden(verdict, "watch_verified"));
    EXPECT_TRUE(drew("VERIFIED"));
}

// The input panel follows the run: each step, the caps lit are the recorded step's inputs, beside the
// playfield.
TEST_F(WatchShareSceneTest, TheInputPanelShowsEachStepsRecordedInputs) {
    playEnterAndWatch();
    if (HasFatalFailure())
        return;
    const RunPlayback* watched = m_scene->flow().runs().watchedRun();
    ASSERT_NE(watched, nullptr);
    int rendered = 0;
    for (int i = 0; i < 400 && rendered < 2; ++i) {
        m_scene->step({});
        const StepInput recorded =
            StepInput::fromBits(watched->replay().inputs[static_cast<size_t>(watched->stepsPlayed() - 1)]);
        ASSERT_TRUE(m_scene->flow().shownInput().has_value());
        EXPECT_EQ(m_scene->flow().shownInput()->input, recorded) << "step " << watched->stepsPlayed();
        if (i < 130) // the cannon appears: the run's taps of Fire count from then on
            continue;
        // Render one step with Fire held and one without.
        if (recorded.fire != (rendered == 0))
            continue;
        const vox::Image image = render(rendered == 0 ? "watch_input_fire" : "watch_input_none");
        ASSERT_TRUE(m_scene->lastInputPanel().has_value());
        const ui::InputPanelLayout& panel = *m_scene->lastInputPanel();
        EXPECT_EQ(test::inputCapLit(image, panel, ui::InputCap::Fire), recorded.fire);
        EXPECT_FALSE(test::inputCapLit(image, panel, ui::InputCap::Left)) << "the run never moved";
        EXPECT_FALSE(test::inputCapLit(image, panel, ui::InputCap::Right));
        const ScreenRect& playfield = m_scene->lastPlayfieldRect();
        EXPECT_TRUE(panel.max.x <= playfield.min.x || panel.min.x >= playfield.max.x ||
                    panel.max.y <= playfield.min.y || panel.min.y >= playfield.max.y)
            << "off the playfield";
        ++rendered;
    }
    EXPECT_EQ(rendered, 2);
}

TEST_F(WatchShareSceneTest, TheSharePanelSaysWhereTheRunWentAndHowToPlayIt) {
    playEnterAndWatch();
    if (HasFatalFailure())
        return;
    const RunPlayback* watched = m_scene->flow().runs().watchedRun();
    ASSERT_NE(watched, nullptr);
    for (int i = 0; i < 1000 && !watched->ended(); ++i) { // Page Down to the end: the verdict and its menu
        m_scene->step(press(Action::MenuPageDown));
        m_scene->step({});
    }
    m_scene->step(press(Action::MenuDown)); // WATCH AGAIN, SHARE
    m_scene->step({});
    m_scene->step(press(Action::Confirm));
    ASSERT_EQ(m_scene->flow().screen(), Screen::Share);
    ASSERT_TRUE(m_scene->flow().runs().sharedRun().has_value()) << m_scene->flow().runs().shareError();
    m_scene->step({});
    (void)render("share_panel");
    const SharedRun& shared = *m_scene->flow().runs().sharedRun();
    EXPECT_TRUE(std::filesystem::exists(shared.file));
    EXPECT_TRUE(drew("SHARED"));
    EXPECT_TRUE(drewStarting("CODE: " + std::to_string(shared.code.size()) + " CHARACTERS, VIR2-"));
    EXPECT_TRUE(drewStarting("voxel-invaders --replay-code VIR2-"));
    EXPECT_TRUE(drew("voxel-invaders --replay " + shared.file.filename().string()));
    EXPECT_TRUE(drewStarting("index.html?run=VIR2-"));
    EXPECT_TRUE(drew("COPIED TO THE CLIPBOARD") || drewStarting("NOT COPIED: "));
}

} // namespace
} // namespace invaders
