// libFuzzer target: the high-score file parser. Any input must give a clean error or a valid table (at
// most ten entries, best first) that survives a format/parse round trip unchanged. See CMakeLists.txt.
#include "persist/high_scores.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    vox::Result<invaders::HighScoreTable> parsed = invaders::parseHighScores(text, "fuzz.txt");
    if (!parsed)
        return 0;
    const std::vector<invaders::HighScore>& entries = parsed.value().entries();
    if (entries.size() > static_cast<size_t>(invaders::HighScoreTable::kCapacity))
        std::abort();
    for (size_t i = 1; i < entries.size(); ++i) {
        if (entries[i].score > entries[i - 1].score)
            std::abort(); // best first
    }
    vox::Result<invaders::HighScoreTable> again =
        invaders::parseHighScores(invaders::formatHighScores(parsed.value()), "formatted.txt");
    if (!again || !(again.value() == parsed.value()))
        std::abort(); // what the game writes, it must read back identically
    return 0;
}
