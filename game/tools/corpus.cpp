#include "corpus.h"

#include "sim/run_playback.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <memory>

namespace invaders::corpus {
namespace {

using namespace arcade;

// An invader shot this near the cannon (sideways, from the cannon's middle) and this low is one a person
// watches: the hands play the pilot's dodge then.
constexpr int32_t kWatchedReach = 56;
constexpr int32_t kWatchedHeight = 112;

bool shotNearCannon(const Simulation& simulation) {
    const int32_t middle = simulation.cannon().x + kCannonWidth / 2;
    for (const AlienShot& shot : simulation.alienShots())
        if (shot.active && !shot.harmless && shot.position.y < kWatchedHeight &&
            std::abs(shot.position.x - middle) < kWatchedReach)
            return true;
    return false;
}

// A number in [low, high].
int32_t between(vox::Rng& rng, int32_t low, int32_t high) {
    return low + static_cast<int32_t>(rng.below(static_cast<uint32_t>(high - low + 1)));
}

// The styles of the corpus' players (PlayerStyle's weights: follow, taps, wander, bursts, idle, mash).
constexpr PlayerStyle kSteady{6, 2, 1, 1, 1, 0};                // mostly the careful player
constexpr PlayerStyle kEveryday{4, 2, 1, 2, 1, 1};              // PlayerStyle's defaults
constexpr PlayerStyle kRestless{2, 3, 2, 3, 2, 1};              // never the same for long
constexpr PlayerStyle kMasher{2, 1, 1, 5, 0, 3};                // fire hammered, buttons mashed
constexpr PlayerStyle kCareless{3, 2, 1, 2, 1, 1, false};       // never watches the shots: loses ships
constexpr PlayerStyle kCarelessMasher{2, 1, 1, 5, 0, 3, false}; // a masher who never watches the shots

CorpusRun demoRun(uint64_t seed, int32_t players = 1, Difficulty difficulty = Difficulty::Arcade,
                  int64_t steps = kMinCorpusSteps) {
    CorpusRun run{"demo-seed" + std::to_string(seed),
                  SimSettings{seed, players, difficulty},
                  steps,
                  Hands::Demo,
                  {},
                  {},
                  "the demo pilot"};
    if (players == 2)
        run.name += "-2p";
    if (difficulty != Difficulty::Arcade)
        run.name += difficulty == Difficulty::Easy ? "-easy" : "-hard";
    return run;
}

// A player game; `board`: starting ships and the extra ship's score (the DIP settings).
CorpusRun playerRun(uint64_t seed, std::string name, std::string about, const PlayerStyle& style,
                    int32_t players = 1, Difficulty difficulty = Difficulty::Arcade,
                    std::array<int32_t, 2> board = {kStartingShips, kExtraLifeScore},
                    int64_t steps = kMinCorpusSteps, const PlayerStyle& secondStyle = kEveryday) {
    CorpusRun run{"player-seed" + std::to_string(seed) + "-" + name,
                  SimSettings{seed, players, difficulty},
                  steps,
                  Hands::Player,
                  style,
                  secondStyle,
                  std::move(about)};
    run.settings.startingShips = board[0];
    run.settings.extraShipScore = board[1];
    return run;
}

} // namespace

const std::vector<CorpusRun>& corpusRuns() {
    static const std::vector<CorpusRun> runs = [] {
        std::vector<CorpusRun> list;
        for (uint64_t seed = 1; seed <= 8; ++seed) // the attract demo, exactly as the game plays it
            list.push_back(demoRun(seed));
        list.push_back(demoRun(21, 1, Difficulty::Hard));
        list.push_back(demoRun(22, 1, Difficulty::Easy));
        list.push_back(demoRun(23, 2, Difficulty::Arcade, 18'031)); // ends 31 steps into a second
        list.push_back(playerRun(101, "steady", "a steady player", kSteady));
        list.push_back(playerRun(102, "everyday", "an everyday player", kEveryday));
        list.push_back(playerRun(103, "restless", "a restless player", kRestless));
        list.push_back(playerRun(104, "masher", "a button masher", kMasher));
        list.push_back(playerRun(105, "2p-6ships", "two careless players", kCareless, 2, Difficulty::Arcade,
                                 {6, kExtraLifeScore}, kMinCorpusSteps, kCareless));
        list.push_back(playerRun(106, "2p-hard-5ships", "a careless player 1, a careless button masher 2",
                                 kCareless, 2, Difficulty::Hard, {5, kExtraLifeScore}, kMinCorpusSteps,
                                 kCarelessMasher));
        list.push_back(
            playerRun(107, "5ships-1000", "an everyday player", kEveryday, 1, Difficulty::Arcade, {5, 1000}));
        list.push_back(playerRun(108, "hard-6ships", "a restless player", kRestless, 1, Difficulty::Hard,
                                 {6, kExtraLifeScore}));
        list.push_back(playerRun(109, "easy", "a button masher", kMasher, 1, Difficulty::Easy));
        list.push_back(playerRun(110, "2p-easy-3ships-1000", "a careless player 1, a steady player 2",
                                 kCareless, 2, Difficulty::Easy, {kStartingShips, 1000}, 19'999, kSteady));
        list.push_back(playerRun(111, "10min", "an everyday player, for ten minutes", kEveryday, 1,
                                 Difficulty::Arcade, {kStartingShips, kExtraLifeScore}, 36'017));
        return list;
    }();
    return runs;
}

PlayerHands::PlayerHands(uint64_t seed, const PlayerStyle& style)
    : m_pilot(seed), m_style(style), m_rng(seed ^ 0x5EED'F00D'4A4D'0005ull) {}

void PlayerHands::chooseHabit() {
    const std::array<int32_t, 6> weights{m_style.follow, m_style.taps, m_style.wander,
                                         m_style.bursts, m_style.idle, m_style.mash};
    int32_t total = 0;
    for (int32_t weight : weights)
        total += std::max(weight, 0);
    int32_t pick = total > 0 ? between(m_rng, 0, total - 1) : 0;
    size_t chosen = 0;
    while (chosen + 1 < weights.size() && pick >= std::max(weights[chosen], 0))
        pick -= std::max(weights[chosen++], 0);
    m_habit = total > 0 ? static_cast<Habit>(chosen) : Habit::Follow;
    m_phase = 0;
    m_pressSteps = between(m_rng, 1, 4);
    m_restSteps = between(m_rng, 1, 5);
    m_wanderLeft = m_rng.below(2) == 0;
    switch (m_habit) {
    case Habit::Follow:
        m_habitSteps = between(m_rng, 40, 240);
        break;
    case Habit::Taps:
    case Habit::Bursts:
        m_habitSteps = between(m_rng, 20, 120);
        break;
    case Habit::Wander:
        m_habitSteps = between(m_rng, 8, 50);
        break;
    case Habit::Idle:
        m_habitSteps = between(m_rng, 10, 70);
        break;
    case Habit::Mash:
        m_habitSteps = between(m_rng, 4, 24);
        break;
    }
}

StepInput PlayerHands::applyHabit(StepInput pilot) {
    // Taps and bursts press for m_pressSteps, then rest for m_restSteps, over and over.
    const bool pressed = m_phase % (m_pressSteps + m_restSteps) < m_pressSteps;
    ++m_phase;
    switch (m_habit) {
    case Habit::Follow:
        return pilot;
    case Habit::Taps:
        return {pilot.left && pressed, pilot.right && pressed, pilot.fire};
    case Habit::Wander:
        return {m_wanderLeft, !m_wanderLeft, pilot.fire};
    case Habit::Bursts:
        return {pilot.left, pilot.right, pressed};
    case Habit::Idle:
        return {};
    case Habit::Mash:
        return StepInput::fromBits(static_cast<uint8_t>(m_rng.below(8)));
    }
    return pilot;
}

StepInput PlayerHands::decide(const Simulation& simulation) {
    // The pilot sees every step, whether or not its answer is played, as a person keeps watching.
    const StepInput pilot = m_pilot.decide(simulation);
    if (m_habitSteps-- <= 0)
        chooseHabit();
    const StepInput habit = applyHabit(pilot);
    const bool watching = m_style.watchful && simulation.cannon().phase == CannonPhase::Alive;
    return watching && shotNearCannon(simulation) ? pilot : habit;
}

Replay recordCorpusRun(const CorpusRun& run, const GameAssets& assets, RunSummary* summary) {
    Simulation simulation(run.settings, assets);
    Replay replay = newReplay(run.settings);
    replay.inputs.reserve(static_cast<size_t>(run.steps));
    AutoPlayer demo(run.settings.seed); // as the game's attract demo (game/flow/session.cpp)
    std::array<PlayerHands, 2> players{PlayerHands(run.settings.seed, run.style),
                                       PlayerHands(run.settings.seed + 1, run.secondStyle)};
    RunSummary seen;
    for (int64_t step = 0; step < run.steps; ++step) {
        const StepInput input =
            run.hands == Hands::Demo
                ? demo.decide(simulation)
                : players[static_cast<size_t>(simulation.currentPlayer())].decide(simulation);
        simulation.step(input);
        recordStep(replay, input, simulation);
        for (const SimEvent& event : simulation.events()) {
            if (event.type == SimEventType::PlayerHit)
                ++seen.shipsLost;
            if (event.type == SimEventType::GameOver)
                seen.gameOverStep = step + 1;
        }
    }
    replay.finalStateHash = simulation.stateHash();
    for (int32_t player = 0; player < run.settings.players; ++player) {
        seen.scores.push_back(simulation.player(player).score);
        seen.waves.push_back(simulation.player(player).wave);
    }
    if (summary)
        *summary = std::move(seen);
    return replay;
}

} // namespace invaders::corpus
