#pragma once
// The corpus (tests/data/corpus, docs/run-format.md "The corpus: the same run on every build"): runs of at
// least five minutes whose per-second state hashes must be the same on every build of the game (GCC and
// Clang, ASan, WebAssembly in a browser). This is how they are made: the table of runs (`corpusRuns`), the
// hands that play them (the attract demo's pilot, or `PlayerHands`, a seeded model of a person's
// input) and the recording (`recordCorpusRun`), all on the simulation alone. `vir-corpus` (vir_corpus.cpp)
// writes them and checks that writing them again gives the same bytes.

#include "sim/autoplayer.h"
#include "sim/replay.h"
#include "sim/simulation.h"

#include "vox/core/rng.h"

#include <cstdint>
#include <string>
#include <vector>

namespace invaders::corpus {

/// Steps every corpus run has at least: five minutes at 60 steps a second.
inline constexpr int64_t kMinCorpusSteps = 18'000;

/// How a person plays: how often they leave what a careful player would do for a habit of their own.
/// Weights are relative chances of each habit when one ends (0: never).
struct PlayerStyle {
    int32_t follow = 4; ///< Weight: play as the demo pilot would (the careful player).
    int32_t taps = 2;   ///< Weight: move in short taps instead of holding the direction.
    int32_t wander = 1; ///< Weight: hold one direction for a while, whatever the aim.
    int32_t bursts = 2; ///< Weight: hammer fire (press and release) while moving as the pilot would.
    int32_t idle = 1;   ///< Weight: hands off the controls for a moment.
    int32_t mash = 1;   ///< Weight: any buttons at all, a new choice every step (left and right at once too).
    /// Plays the pilot's dodge when an invader shot falls near the cannon; a careless player keeps to the
    /// habit and loses ships (in a two-player game, the turns change).
    bool watchful = true;
};

/// A person's hands on the controls, drawn from a seed: what the demo pilot (`AutoPlayer`) would do, left
/// now and then for a habit of `PlayerStyle` (taps, holds, bursts of fire, pauses, mashing), each lasting
/// a random number of steps. When an invader shot falls near the cannon watchful hands play the pilot's
/// moves exactly (a person concentrates), so that the games last. A pure function of the seed and the states
/// seen, like the pilot: the same seed and settings give the same game.
class PlayerHands {
public:
    /// Hands whose habits are drawn from `seed`, in `style`.
    PlayerHands(uint64_t seed, const PlayerStyle& style);

    /// The input for the next `simulation.step()`.
    [[nodiscard]] StepInput decide(const Simulation& simulation);

private:
    enum class Habit : uint8_t { Follow, Taps, Wander, Bursts, Idle, Mash };

    void chooseHabit();
    [[nodiscard]] StepInput applyHabit(StepInput pilot);

    AutoPlayer m_pilot;
    PlayerStyle m_style;
    vox::Rng m_rng;
    Habit m_habit = Habit::Follow;
    int32_t m_habitSteps = 0; ///< Steps left of the current habit.
    int32_t m_phase = 0;      ///< Steps into the current habit (taps' and bursts' rhythm).
    int32_t m_pressSteps = 1; ///< Taps and bursts: steps pressed, then...
    int32_t m_restSteps = 1;  ///< ...steps released.
    bool m_wanderLeft = false;
};

/// Who plays a corpus run.
enum class Hands : uint8_t {
    Demo,   ///< The attract demo's pilot, `AutoPlayer(settings.seed)`, as the game's demo plays.
    Player, ///< `PlayerHands`: player 1 with `style`, player 2 (two players) with `secondStyle`.
};

/// One run of the corpus: what it is started with and who plays it.
struct CorpusRun {
    std::string name;     ///< The file's name without `.vir`.
    SimSettings settings; ///< Seed, players, difficulty, DIP settings.
    int64_t steps = 0;    ///< Steps recorded (at least kMinCorpusSteps).
    Hands hands =
        Hands::Demo;         ///< Who plays; `Hands::Player`'s are seeded with the run's seed (player 2's +1).
    PlayerStyle style;       ///< `Hands::Player`: player 1's style.
    PlayerStyle secondStyle; ///< `Hands::Player`, two players: player 2's style.
    std::string about;       ///< Who plays, in words, for the corpus' README.
};

/// The corpus, in the order of its README's table. Fixed: a change here is a new corpus to record.
[[nodiscard]] const std::vector<CorpusRun>& corpusRuns();

/// How a recorded game went, for the README and to check that it lasted.
struct RunSummary {
    int64_t gameOverStep = -1; ///< The step after which the game was over, or -1 (still playing at the end).
    std::vector<int32_t> scores; ///< Each player's score at the end.
    std::vector<int32_t> waves;  ///< Each player's wave at the end.
    int32_t shipsLost = 0;       ///< Cannons hit, all players together.
};

/// Plays `run` with `assets` (the game's models, as the game loads them) and records it: settings, every
/// step's input, the hash chain and the final hash, as the game records a run. `summary`, if given, is
/// filled in.
[[nodiscard]] Replay recordCorpusRun(const CorpusRun& run, const GameAssets& assets,
                                     RunSummary* summary = nullptr);

} // namespace invaders::corpus
