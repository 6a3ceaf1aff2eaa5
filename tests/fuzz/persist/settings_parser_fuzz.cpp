// libFuzzer target: the settings file parser. Any input must give a clean error or settings that survive a
// format/parse round trip unchanged (no crash, no assertion, no sanitizer report). See CMakeLists.txt.
#include "persist/settings.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    vox::Result<invaders::ParsedSettings> parsed = invaders::parseSettings(text, "fuzz.txt");
    if (!parsed)
        return 0;
    const invaders::Settings& settings = parsed.value().settings;
    if (settings.masterVolume < 0.0f || settings.masterVolume > 1.0f || settings.effectsVolume < 0.0f ||
        settings.effectsVolume > 1.0f)
        std::abort(); // volumes must come out clamped
    vox::Result<invaders::ParsedSettings> again =
        invaders::parseSettings(invaders::formatSettings(settings), "formatted.txt");
    if (!again || !(again.value().settings == settings) || !again.value().warnings.empty())
        std::abort(); // what the game writes, it must read back identically
    return 0;
}
