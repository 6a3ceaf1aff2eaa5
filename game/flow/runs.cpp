#include "flow/runs.h"

#include "persist/score_runs.h"

#include <algorithm>
#include <array>
#include <cstdio>

namespace invaders {

// --- The top ten --------------------------------------------------------------------------------------

int32_t Runs::rankOf(uint32_t score) const {
    const std::vector<HighScore>& entries = m_highScores.entries();
    return static_cast<int32_t>(std::count_if(entries.begin(), entries.end(),
                                              [score](const HighScore& e) { return e.score >= score; }));
}

std::optional<int> Runs::enter(const HighScore& entry, const Session& session, int32_t player) {
    const std::optional<int> rank = m_highScores.insert(entry);
    if (!rank)
        return rank;
    ++m_highScoresVersion;
    // Its run is kept beside the table; a failure is a warning and the game goes on.
    if (m_store != nullptr && session.runFinished()) {
        if (vox::Status kept = m_store->keepTopTenRun(m_highScores, *rank, *session.lastRun(), player);
            !kept) {
            m_runNote = "the run of " + entry.initialsText() + " was not kept: " + kept.error().message;
            std::fprintf(stderr, "voxel-invaders: warning: %s\n", m_runNote.c_str());
        }
    }
    return rank;
}

// --- WATCH --------------------------------------------------------------------------------------------

void Runs::watch(int32_t row, const GameAssets& assets) {
    m_watch.reset();
    m_watchNote.clear();
    m_watchRow = row;
    const std::vector<HighScore>& entries = m_highScores.entries();
    if (row < 0 || row >= static_cast<int32_t>(entries.size())) {
        m_watchNote = "NO SCORE IN THIS ROW";
    } else if (const HighScore& entry = entries[static_cast<size_t>(row)]; !entry.run) {
        m_watchNote = "NO RUN WAS KEPT FOR THIS SCORE";
    } else if (m_store == nullptr) {
        m_watchNote = "RUNS ARE NOT READ IN THIS RUN OF THE GAME";
    } else if (vox::Result<Replay> run = m_store->loadRun(entry); !run) {
        m_watchNote = run.error().message;
        m_verdicts[{entry.run->id, entry.run->player}] = false;
    } else {
        m_watch.emplace(std::move(run).value(), assets, runClaimOf(entry));
    }
}

void Runs::stepWatch() {
    if (!m_watch)
        return;
    const int64_t before = m_watch->stepsPlayed();
    m_watch->advanceFrame();
    m_watchStepped = m_watch->stepsPlayed() != before;
    noteWatchVerdict();
}

void Runs::noteWatchVerdict() {
    if (m_watch->ended() && m_watch->verdict() && m_watchRow >= 0 &&
        m_watchRow < static_cast<int32_t>(m_highScores.entries().size())) {
        const HighScore& entry = m_highScores.entries()[static_cast<size_t>(m_watchRow)];
        if (entry.run)
            m_verdicts[{entry.run->id, entry.run->player}] = m_watch->verdict()->verified();
    }
}

void Runs::pauseWatch(bool paused) {
    if (m_watch)
        m_watch->setPaused(paused);
}

namespace {

// WATCH's rates, slowest first: frames per step, steps per frame.
struct WatchRate {
    int32_t slowdown;
    int32_t speed;
};
constexpr std::array<WatchRate, 5> kWatchRates{{{4, 1}, {2, 1}, {1, 1}, {1, 2}, {1, 4}}};

} // namespace

void Runs::changeWatchSpeed(int32_t direction) {
    if (!m_watch)
        return;
    const auto at = std::find_if(kWatchRates.begin(), kWatchRates.end(), [&](const WatchRate& rate) {
        return rate.slowdown == m_watch->slowdown() && rate.speed == m_watch->speed();
    });
    const auto index = std::clamp<std::ptrdiff_t>((at - kWatchRates.begin()) + direction, 0,
                                                  static_cast<std::ptrdiff_t>(kWatchRates.size()) - 1);
    const WatchRate& rate = kWatchRates[static_cast<size_t>(index)];
    m_watch->setSpeed(rate.speed);
    m_watch->setSlowdown(rate.slowdown);
}

void Runs::seekWatch(int64_t step) {
    if (!m_watch)
        return;
    m_watch->seek(step);
    m_watchStepped = false; // a jump plays no step's sounds
    ++m_watchJumps;
    noteWatchVerdict();
}

void Runs::stepWatchBy(int32_t direction) {
    if (!m_watch)
        return;
    if (direction > 0) {
        m_watchStepped = m_watch->stepForward(); // the step's sounds, as at 1x
    } else if (m_watch->stepBack()) {
        m_watchStepped = false; // nothing plays backwards
        ++m_watchJumps;
    }
    noteWatchVerdict();
}

void Runs::prepareWatchSeeking() {
    if (m_watch)
        m_watch->prepareSeeking(kWatchSnapshotStepsPerFrame);
}

std::optional<bool> Runs::runVerified(const HighScore& entry) const {
    if (!entry.run)
        return std::nullopt;
    const auto found = m_verdicts.find({entry.run->id, entry.run->player});
    return found == m_verdicts.end() ? std::nullopt : std::optional<bool>(found->second);
}

// --- SHARE --------------------------------------------------------------------------------------------

void Runs::share(const Session& session, bool watching) {
    m_sharedRun.reset();
    m_shareError.clear();
    // While watching: the watched run; else the latest game's.
    const Replay* run = nullptr;
    std::string initials = "RUN";
    uint32_t score = 0;
    if (watching && m_watch) {
        run = &m_watch->replay();
        const RunBanner banner = m_watch->banner();
        initials = banner.initials.empty() ? initials : banner.initials;
        score = banner.score;
    } else if (session.runFinished()) {
        run = &*session.lastRun();
        if (session.runInitials())
            initials.assign(session.runInitials()->begin(), session.runInitials()->end());
        score = session.bestScore();
    }
    if (run == nullptr) {
        const std::string& note = session.runNote().empty() ? m_runNote : session.runNote();
        m_shareError = note.empty() ? "NO FINISHED GAME TO SHARE" : note;
    } else if (m_store == nullptr) {
        m_shareError = "RUNS ARE NOT SAVED IN THIS RUN OF THE GAME";
    } else if (vox::Result<SharedRun> shared = m_store->shareRun(*run, initials, score); !shared) {
        m_shareError = shared.error().message;
    } else {
        m_sharedRun = std::move(shared).value();
    }
}

} // namespace invaders
