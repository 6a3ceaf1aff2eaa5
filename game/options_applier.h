#pragma once
// `OptionsApplier`: the one place the options take effect, at start-up and after. Once per step the runner
// hands it the options the screens want; where they differ from the options in force, it applies what
// changed (keys to the live action map, fullscreen and vsync to the window, volumes to the audio) and saves
// the whole `Settings`. Start-up is its first update: nothing is in force yet, so every field is applied
// (the window, the action map and the audio are built plain) and nothing is saved (the file holds them).
// Any difference at all is saved (the comparison is `Settings::operator==`), so a field added to
// `Settings` is saved without a line here; a field the scene reads every frame (view, quality, render
// scale) needs no apply step either.

#include "audio/mixer.h"
#include "persist/settings.h"

#include "vox/core/result.h"

#include <optional>
#include <string>

namespace invaders {

/// What differs between the options in force and the options wanted: the fields that need an apply step.
struct OptionsDifference {
    bool any = false;        ///< The settings compare unequal (or none were in force): apply them.
    bool keys = false;       ///< The key bindings: rebuild the action map.
    bool fullscreen = false; ///< The window's fullscreen.
    bool vsync = false;      ///< The swap interval.
    bool volumes = false;    ///< Master or effects volume, or mute.
};

/// The difference between `applied` and `wanted`; `any` is false when they are equal. With nothing
/// applied (start-up) every field differs.
[[nodiscard]] OptionsDifference optionsDifference(const std::optional<Settings>& applied,
                                                  const Settings& wanted);

/// Where options take effect: the runner's window, action map and audio, and the settings file.
class OptionsTarget {
public:
    virtual ~OptionsTarget() = default;
    /// The action map follows `keys` from the next step.
    virtual void applyKeys(const KeyBindings& keys) = 0;
    /// Makes the window fullscreen or not; an error when the window system refused.
    virtual vox::Status applyFullscreen(bool fullscreen) = 0;
    /// Turns vsync on or off; an error when the driver refused.
    virtual vox::Status applyVsync(bool vsync) = 0;
    /// Plays at these volumes from now on.
    virtual void applyVolumes(const Volumes& volumes) = 0;
    /// Writes `settings` to the settings file (nothing where the run saves nothing: headless, tests).
    virtual void save(const Settings& settings) = 0;
};

/// What one `OptionsApplier::update` did.
struct OptionsUpdate {
    OptionsDifference difference; ///< What was applied.
    bool saved = false;           ///< The settings were saved: they changed (not the start-up update).
    /// A refusal to show on the options screen ("VSYNC REFUSED BY THE GRAPHICS DRIVER"), empty when the
    /// display changes were granted; unset when no display option changed (keep the old note).
    std::optional<std::string> note;
};

/// See the file comment.
class OptionsApplier {
public:
    /// Nothing in force yet: the first `update` applies every field and saves nothing.
    OptionsApplier() = default;

    /// Applies what differs between `wanted` and the options in force to `target`, then saves `wanted`
    /// there when options were in force before; nothing when they are equal. Call once at start-up and
    /// once per step. A refusal is returned as a note, and the options in force become `wanted` all the
    /// same (the options screen shows what was granted).
    OptionsUpdate update(const Settings& wanted, OptionsTarget& target);

    /// The options in force; none before the first `update`.
    [[nodiscard]] const std::optional<Settings>& applied() const { return m_applied; }

private:
    std::optional<Settings> m_applied;
};

} // namespace invaders
