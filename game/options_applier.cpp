#include "options_applier.h"

namespace invaders {

OptionsDifference optionsDifference(const Settings& applied, const Settings& wanted) {
    OptionsDifference difference;
    difference.any = !(applied == wanted);
    if (!difference.any)
        return difference;
    difference.keys = applied.keys != wanted.keys;
    difference.fullscreen = applied.fullscreen != wanted.fullscreen;
    difference.vsync = applied.vsync != wanted.vsync;
    difference.volumes = applied.masterVolume != wanted.masterVolume ||
                         applied.effectsVolume != wanted.effectsVolume || applied.mute != wanted.mute;
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
    if (difference.fullscreen) {
        const vox::Status status = target.applyFullscreen(wanted.fullscreen);
        update.note = status ? "" : "FULLSCREEN REFUSED BY THE WINDOW SYSTEM";
    }
    if (difference.vsync) {
        const vox::Status status = target.applyVsync(wanted.vsync);
        update.note = status ? "" : "VSYNC REFUSED BY THE GRAPHICS DRIVER";
    }
    if (difference.volumes)
        target.applyVolumes({wanted.masterVolume, wanted.effectsVolume, wanted.mute});
    target.save(wanted);
    m_applied = wanted;
    return update;
}

} // namespace invaders
