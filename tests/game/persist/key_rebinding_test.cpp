// Rebinding one action to one key: free keys, keys taken from another action, swaps, refusals, and
// applying the result to a live action map.
#include "persist/key_rebinding.h"

#include "engine/platform/key_events.h"

#include <gtest/gtest.h>

namespace invaders {
namespace {

using vox::KeyBinding;

std::vector<KeyBinding>& keysOf(KeyBindings& keys, Action action) {
    return keys[static_cast<size_t>(action)];
}

using vox::test::tapKey;

TEST(RebindKey, AFreeKeyBecomesTheActionsOnlyKey) {
    KeyBindings keys = defaultKeyBindings(); // Fire: Space, Up, W
    const RebindResult result = rebindKey(keys, Action::Fire, {SDL_SCANCODE_K});
    EXPECT_EQ(result.kind, RebindKind::Bound);
    EXPECT_EQ(result.action, Action::Fire);
    EXPECT_EQ(result.key, KeyBinding{SDL_SCANCODE_K});
    EXPECT_EQ(keysOf(keys, Action::Fire), std::vector<KeyBinding>{{SDL_SCANCODE_K}});
    KeyBindings expected = defaultKeyBindings();
    keysOf(expected, Action::Fire) = {{SDL_SCANCODE_K}};
    EXPECT_EQ(keys, expected) << "no other action changed";
}

TEST(RebindKey, ItsOwnKeyStaysAndTheOthersGo) {
    KeyBindings keys = defaultKeyBindings();
    EXPECT_EQ(rebindKey(keys, Action::Fire, {SDL_SCANCODE_W}).kind, RebindKind::Bound);
    EXPECT_EQ(keysOf(keys, Action::Fire), std::vector<KeyBinding>{{SDL_SCANCODE_W}});
}

TEST(RebindKey, AKeyOfAnotherActionMovesAndThatActionKeepsItsOtherKeys) {
    KeyBindings keys = defaultKeyBindings(); // Left: Left arrow, A
    const RebindResult result = rebindKey(keys, Action::Fire, {SDL_SCANCODE_A});
    EXPECT_EQ(result.kind, RebindKind::Moved);
    EXPECT_EQ(result.other, Action::Left);
    EXPECT_EQ(keysOf(keys, Action::Fire), std::vector<KeyBinding>{{SDL_SCANCODE_A}});
    EXPECT_EQ(keysOf(keys, Action::Left), std::vector<KeyBinding>{{SDL_SCANCODE_LEFT}});
}

TEST(RebindKey, TakingAnActionsOnlyKeySwapsSoNoActionIsLeftWithout) {
    KeyBindings keys = defaultKeyBindings();
    (void)rebindKey(keys, Action::Fire, {SDL_SCANCODE_K}); // Fire: K only
    const RebindResult result = rebindKey(keys, Action::Left, {SDL_SCANCODE_K});
    EXPECT_EQ(result.kind, RebindKind::Swapped);
    EXPECT_EQ(result.other, Action::Fire);
    EXPECT_EQ(keysOf(keys, Action::Left), std::vector<KeyBinding>{{SDL_SCANCODE_K}});
    const std::vector<KeyBinding> leftsOldKeys = {{SDL_SCANCODE_LEFT}, {SDL_SCANCODE_A}};
    EXPECT_EQ(keysOf(keys, Action::Fire), leftsOldKeys);
    for (Action action : kRebindableActions)
        EXPECT_FALSE(keysOf(keys, action).empty()) << invaders::actionName(action);
}

TEST(RebindKey, ModifiersMakeADifferentKey) {
    KeyBindings keys = defaultKeyBindings(); // Start: Return; ToggleFullscreen: F11, Alt+Return
    const RebindResult result = rebindKey(keys, Action::Fire, {SDL_SCANCODE_RETURN});
    EXPECT_EQ(result.kind, RebindKind::Moved);
    EXPECT_EQ(result.other, Action::Start);
    const std::vector<KeyBinding> fullscreen = {{SDL_SCANCODE_F11},
                                                {SDL_SCANCODE_RETURN, vox::KeyModifiers::Alt}};
    EXPECT_EQ(keysOf(keys, Action::ToggleFullscreen), fullscreen);
}

TEST(RebindKey, WithNothingToGiveBackItRefusesAndChangesNothing) {
    // Only a hand-edited file ("key.Fire = none") leaves an action without keys.
    KeyBindings keys = defaultKeyBindings();
    keysOf(keys, Action::Fire).clear();
    keysOf(keys, Action::Pause) = {{SDL_SCANCODE_P}};
    const KeyBindings before = keys;
    const RebindResult result = rebindKey(keys, Action::Fire, {SDL_SCANCODE_P});
    EXPECT_EQ(result.kind, RebindKind::Refused);
    EXPECT_EQ(result.other, Action::Pause);
    EXPECT_EQ(keys, before);
    // A key another action can spare still works.
    EXPECT_EQ(rebindKey(keys, Action::Fire, {SDL_SCANCODE_A}).kind, RebindKind::Moved);
    EXPECT_EQ(keysOf(keys, Action::Fire), std::vector<KeyBinding>{{SDL_SCANCODE_A}});
}

TEST(ApplyKeyBindings, ReplacesKeysAndKeepsGamepadButtons) {
    vox::ActionMap actions = invaders::defaultActionMap();
    KeyBindings keys = defaultKeyBindings();
    (void)rebindKey(keys, Action::Fire, {SDL_SCANCODE_K});
    applyKeyBindings(keys, actions);
    EXPECT_TRUE(tapKey(actions, SDL_SCANCODE_K).pressed(Action::Fire));
    EXPECT_FALSE(tapKey(actions, SDL_SCANCODE_SPACE).pressed(Action::Fire));
    EXPECT_EQ(actions.keysFor(Action::Left), keysOf(keys, Action::Left));
    SDL_Event button{};
    button.type = SDL_CONTROLLERBUTTONDOWN;
    button.cbutton.button = SDL_CONTROLLER_BUTTON_A;
    actions.handleEvent(button);
    EXPECT_TRUE(actions.takeStep().pressed(Action::Fire)) << "the pad's A still fires";
}

} // namespace
} // namespace invaders
