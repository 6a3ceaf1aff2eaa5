#include "options_applier.h"

namespace invaders {

OptionsDifference optionsDifference(const std::optional<Settings>& applied, const Settings& wanted) {
    if (!applied)
        return {true, true, true, true, true}; // start-up: the window, map and audio were built plain
    OptionsDifference difference;
    difference.any = !(*applied == wanted);
    if (!difference.any)
        return difference;
    difference.keys = applied->keys != wanted.keys;
    difference.fullscreen = applied->fullscreen != wanted.fullscreen;
    difference.vsync = applied->vsync != wanted.vsync;
    difference.volumes = applied->masterVolume != wanted.masterVolume ||
                         applied->effectsVolume != wanted.effectsVolume || applied->mute != wanted.mute;
    return difference;
}

OptionsUpdate OptionsApplier::update(const Settings& wanted, OptionsTarget& target) {
    OptionsUpdate update;
    update.difference = optionsDifference(m_applied, wanted);
    const OptionsDifference& difference = update.difference;
    if (!difference.any)
        return update;
    if (difference.keys)
        target.applyKeys(wanted.keys);
    // The note names the first refusal: a granted vsync does not hide a refused fullscreen.
    if (difference.fullscreen) {
        const vox::Status status = target.applyFullscreen(wanted.fullscreen);
        update.note = status ? "" : "FULLSCREEN REFUSED BY THE WINDOW SYSTEM";
    }
    if (difference.vsync) {
        const vox::Status status = target.applyVsync(wanted.vsync);
        if (!update.note || update.note->empty())
            update.note = status ? "" : "VSYNC REFUSED BY THE GRAPHICS DRIVER";
    }
    if (difference.volumes)
        target.applyVolumes({wanted.masterVolume, wanted.effectsVolume, wanted.mute});
    update.saved = m_applied.has_value();
    if (update.saved)
        target.save(wanted);
    m_applied = wanted;
    return update;
}

} // namespace invaders
