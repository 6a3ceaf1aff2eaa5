#include "persist/high_scores.h"

#include "persist/text_file_format.h"

#include "vox/core/assert.h"

#include <algorithm>
#include <charconv>
#include <functional>
#include <span>

namespace invaders {
namespace {

// Only the asserts use it: compiled out of a Release build, where clang would warn it is never emitted.
[[maybe_unused]] bool validEntry(const HighScore& entry) {
    return validInitials(entry.initialsText()) && entry.score >= 1 && entry.score <= kMaxHighScore &&
           entry.wave >= 1 && entry.wave <= kMaxHighScoreWave && (!entry.board || entry.board->isValid());
}

// A whole decimal number in [minimum, maximum], no sign, no spaces.
template <class Integer>
std::optional<Integer> parseNumber(std::string_view text, Integer minimum, Integer maximum) {
    Integer value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || text.front() == '-' || error != std::errc() || end != text.data() + text.size() ||
        value < minimum || value > maximum)
        return std::nullopt;
    return value;
}

} // namespace

bool validInitials(std::string_view initials) {
    return initials.size() == 3 && std::all_of(initials.begin(), initials.end(), [](char c) {
               return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
           });
}

bool HighScoreTable::qualifies(uint32_t score) const {
    return score > 0 &&
           (m_entries.size() < static_cast<std::size_t>(kCapacity) || score > m_entries.back().score);
}

std::optional<int> HighScoreTable::insert(const HighScore& entry) {
    VOX_ASSERT(validEntry(entry), "HighScoreTable::insert: initials, score or wave out of range");
    if (!qualifies(entry.score))
        return std::nullopt;
    // Below every entry with the same or a higher score: ties keep the earlier entry above.
    const auto position = std::find_if(m_entries.begin(), m_entries.end(), [&entry](const HighScore& other) {
        return other.score < entry.score;
    });
    const auto rank = static_cast<int>(position - m_entries.begin());
    m_entries.insert(position, entry);
    if (m_entries.size() > static_cast<std::size_t>(kCapacity))
        m_entries.pop_back();
    return rank;
}

bool HighScoreTable::setRun(int rank, std::optional<RunLink> run) {
    if (rank < 0 || rank >= static_cast<int>(m_entries.size()))
        return false;
    m_entries[static_cast<std::size_t>(rank)].run = run;
    return true;
}

namespace {

constexpr std::string_view kRunPrefix = "run=";

std::string formatRunLink(const RunLink& link) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string text(kRunPrefix);
    for (int shift = 60; shift >= 0; shift -= 4)
        text += kDigits[(link.id >> shift) & 0xF];
    return text + "/p" + std::to_string(link.player + 1);
}

// "run=<16 hex digits>/p<1|2>".
std::optional<RunLink> parseRunLink(std::string_view word) {
    constexpr std::size_t kDigits = 16;
    if (word.size() != kRunPrefix.size() + kDigits + 3 || !word.starts_with(kRunPrefix))
        return std::nullopt;
    const std::string_view digits = word.substr(kRunPrefix.size(), kDigits);
    const std::string_view player = word.substr(kRunPrefix.size() + kDigits);
    RunLink link;
    for (char c : digits) {
        const int value = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (value < 0)
            return std::nullopt;
        link.id = link.id << 4 | static_cast<uint64_t>(value);
    }
    if (player != "/p1" && player != "/p2")
        return std::nullopt;
    link.player = player == "/p1" ? 0 : 1;
    return link;
}

constexpr std::string_view kBoardPrefix = "board=";

// "board=<difficulty>/<ships>/<extra-ship score>", e.g. "board=arcade/3/1500".
std::string formatBoard(const BoardSettings& board) {
    return std::string(kBoardPrefix) + std::string(difficultyName(board.difficulty)) + "/" +
           std::to_string(board.startingShips) + "/" + std::to_string(board.extraShipScore);
}

std::optional<BoardSettings> parseBoard(std::string_view word) {
    if (!word.starts_with(kBoardPrefix))
        return std::nullopt;
    word.remove_prefix(kBoardPrefix.size());
    const std::size_t first = word.find('/');
    const std::size_t second = first == std::string_view::npos ? first : word.find('/', first + 1);
    if (second == std::string_view::npos)
        return std::nullopt;
    const std::optional<Difficulty> difficulty = difficultyFromName(word.substr(0, first));
    const std::optional<int32_t> ships =
        parseNumber<int32_t>(word.substr(first + 1, second - first - 1), 0, 99);
    const std::optional<int32_t> extra = parseNumber<int32_t>(word.substr(second + 1), 0, 99'999);
    if (!difficulty || !ships || !extra)
        return std::nullopt;
    const BoardSettings board{*difficulty, *ships, *extra};
    return board.isValid() ? std::optional(board) : std::nullopt;
}

// The words after the wave: [board=...] [run=...], in that order.
vox::Status parseEntryTags(std::span<const std::string_view> words, HighScore& entry,
                           const std::function<vox::Error(const std::string&)>& fail) {
    std::size_t next = 0;
    if (next < words.size() && words[next].starts_with(kBoardPrefix)) {
        entry.board = parseBoard(words[next]);
        if (!entry.board)
            return fail("board " + quoted(words[next], 40) +
                        " must be board=<arcade|easy|hard>/<ships 3 to 6>/<extra-ship score 1000 or 1500>");
        ++next;
    }
    if (next < words.size()) {
        entry.run = parseRunLink(words[next]);
        if (!entry.run)
            return fail("run " + quoted(words[next], 40) +
                        " must be run= with 16 lowercase hex digits, then /p1 or /p2");
        ++next;
    }
    if (next < words.size())
        return fail("expected 'initials score wave', then optionally board=... and run=ID/pN, found " +
                    quoted(words[next], 40) + " after them");
    return {};
}

} // namespace

std::string formatHighScores(const HighScoreTable& table) {
    std::string text = headerLine(kHighScoresMagic, kHighScoresVersion);
    text += "# initials score wave [board] [run], best first; written by voxel-invaders\n";
    for (const HighScore& entry : table.entries()) {
        text += entry.initialsText() + " " + std::to_string(entry.score) + " " + std::to_string(entry.wave);
        if (entry.board) {
            text += ' ';
            text += formatBoard(*entry.board);
        }
        if (entry.run) {
            text += ' ';
            text += formatRunLink(*entry.run);
        }
        text += '\n';
    }
    text += "end\n";
    return text;
}

vox::Result<HighScoreTable> parseHighScores(std::string_view text, std::string_view fileName) {
    vox::Result<std::vector<TextLine>> lines =
        bodyLines(text, fileName, kHighScoresMagic, kHighScoresVersion);
    if (!lines)
        return lines.error();
    HighScoreTable table;
    for (const TextLine& line : lines.value()) {
        const auto fail = [&](const std::string& what) {
            return vox::Error{lineMessage(fileName, line.number, what)};
        };
        const std::vector<std::string_view> words = splitWords(line.text);
        if (words.size() < 3 || words.size() > 5)
            return fail("expected 'initials score wave', then optionally board=... and run=ID/pN, found " +
                        quoted(line.text));
        if (!validInitials(words[0]))
            return fail("initials " + quoted(words[0], 10) + " must be three uppercase letters or digits");
        const std::optional<uint32_t> score = parseNumber<uint32_t>(words[1], 1, kMaxHighScore);
        if (!score)
            return fail("score " + quoted(words[1], 20) + " must be a whole number from 1 to " +
                        std::to_string(kMaxHighScore));
        const std::optional<int> wave = parseNumber<int>(words[2], 1, kMaxHighScoreWave);
        if (!wave)
            return fail("wave " + quoted(words[2], 20) + " must be a whole number from 1 to " +
                        std::to_string(kMaxHighScoreWave));
        if (table.entries().size() == static_cast<std::size_t>(HighScoreTable::kCapacity))
            return fail("more than " + std::to_string(HighScoreTable::kCapacity) + " entries");
        if (!table.entries().empty() && *score > table.entries().back().score)
            return fail("entries must be in order, best first; " + std::string(words[1]) + " is above " +
                        std::to_string(table.entries().back().score));
        HighScore entry;
        std::copy(words[0].begin(), words[0].end(), entry.initials.begin());
        entry.score = *score;
        entry.wave = *wave;
        if (vox::Status tags = parseEntryTags(std::span(words).subspan(3), entry, fail); !tags)
            return tags.error();
        const std::optional<int> rank = table.insert(entry);
        VOX_ASSERT(rank.has_value(), "parseHighScores: an ordered entry must enter a table with room");
    }
    return table;
}

} // namespace invaders
