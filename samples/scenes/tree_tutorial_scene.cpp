// Tree tutorial: a dynamic AABB tree built one change at a time, each step of each change shown. Enter (or
// the Next button) plays the script: six insertions, a moving object and its fat box, a removal, then a
// row of objects arriving in sorted order, where rotations keep the tree shallow. A click on the plane adds
// a box there; a click on a box removes it. The tree is samples::TeachingTree (teaching_tree.h), which
// records what it did; the engine's vox::DynamicAabbTree works the same way, packed and with more.
#include "scene.h"
#include "scenes/scene_factories.h"
#include "teaching_tree.h"

#include <vox/debug/tree_view.h>

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace samples {
namespace {

constexpr float kStepSeconds = 1.0f / 60.0f;
constexpr float kMargin = 0.6f;         // fat box growth on every side, world units
constexpr float kStretch = 8.0f;        // fat boxes reach this many steps of motion ahead
constexpr int32_t kMaxObjects = 40;     // clicks stop adding boxes beyond this
constexpr int64_t kAutoplayFrames = 3;  // headless runs: frames per script step
constexpr float kDiagramWidth = 400.0f; // the tree diagram's window, bottom right
constexpr float kDepth = 2.0f;          // every box is this deep (z), so the picture reads like a diagram

// What each highlight means; the same colours in the 3D view, the tree diagram and the legend.
const glm::vec4 kLeafColor{1.0f, 1.0f, 1.0f, 1.0f};
const glm::vec4 kSiblingColor{0.3f, 1.0f, 0.45f, 1.0f};
const glm::vec4 kBranchColor{1.0f, 0.92f, 0.2f, 1.0f};
const glm::vec4 kRefitColor{1.0f, 0.55f, 0.1f, 1.0f};
const glm::vec4 kRotationColor{1.0f, 0.35f, 1.0f, 1.0f};
const glm::vec4 kRemovedColor{1.0f, 0.25f, 0.25f, 1.0f};
const glm::vec4 kFatColor{0.25f, 0.85f, 1.0f, 0.8f};

ImU32 toImU32(const glm::vec4& color) {
    return ImGui::ColorConvertFloat4ToU32(ImVec4(color.r, color.g, color.b, color.a));
}

struct TutorialObject {
    int32_t id = 0; // the tree's object id: the order of creation
    std::string name;
    vox::Aabb box; // tight
    glm::vec3 velocity{0.0f};
    glm::vec3 color{1.0f};
    int32_t leaf = -1;
    vox::MeshHandle mesh{};
};

// One entry of the script.
struct ScriptStep {
    enum class Kind { Insert, StartMoving, Remove, Clear } kind;
    glm::vec2 corner{0.0f};  // Insert: lower-left corner, world units
    glm::vec2 size{0.0f};    // Insert: width and height
    const char* object = ""; // StartMoving, Remove: which object
};

const ScriptStep kScript[] = {
    {ScriptStep::Kind::Insert, {0, 0}, {4, 3}},
    {ScriptStep::Kind::Insert, {9, 1}, {3, 4}},
    {ScriptStep::Kind::Insert, {2, 8}, {5, 2}},
    {ScriptStep::Kind::Insert, {15, 9}, {3, 3}},
    {ScriptStep::Kind::Insert, {-8, 5}, {3, 3}},
    {ScriptStep::Kind::Insert, {7, 13}, {4, 2}},
    {ScriptStep::Kind::StartMoving, {}, {}, "B"},
    {ScriptStep::Kind::Remove, {}, {}, "E"},
    // Part 2: a fresh tree, objects arriving in sorted order along x.
    {ScriptStep::Kind::Clear},
    {ScriptStep::Kind::Insert, {-5, -6}, {2, 2}},
    {ScriptStep::Kind::Insert, {-2, -3}, {2, 2}},
    {ScriptStep::Kind::Insert, {1, 0}, {2, 2}},
    {ScriptStep::Kind::Insert, {4, 3}, {2, 2}},
    {ScriptStep::Kind::Insert, {7, 6}, {2, 2}},
    {ScriptStep::Kind::Insert, {10, 9}, {2, 2}},
    {ScriptStep::Kind::Insert, {13, 12}, {2, 2}},
    {ScriptStep::Kind::Insert, {16, 15}, {2, 2}},
};
constexpr int32_t kScriptLength = static_cast<int32_t>(std::size(kScript));
constexpr int32_t kFirstSortedInsert = 9; // the script step after the Clear

const glm::vec3 kPalette[] = {{0.95f, 0.45f, 0.35f}, {0.35f, 0.75f, 0.95f}, {0.55f, 0.9f, 0.4f},
                              {0.95f, 0.8f, 0.3f},   {0.75f, 0.5f, 0.95f},  {0.35f, 0.9f, 0.8f},
                              {0.95f, 0.55f, 0.75f}, {0.7f, 0.7f, 0.75f}};

class TreeTutorialScene final : public Scene {
public:
    explicit TreeTutorialScene(vox::SceneRenderer& renderer) : m_renderer(renderer) { restart(); }
    ~TreeTutorialScene() override {
        for (const TutorialObject& object : m_objects)
            m_renderer.removeMesh(object.mesh);
    }
    TreeTutorialScene(const TreeTutorialScene&) = delete;
    TreeTutorialScene& operator=(const TreeTutorialScene&) = delete;

    void step() override {
        for (TutorialObject& object : m_objects) {
            if (object.velocity == glm::vec3(0.0f))
                continue;
            glm::vec3 displacement = object.velocity * kStepSeconds;
            if (object.box.max.x + displacement.x > 22.0f || object.box.min.x + displacement.x < 5.0f) {
                object.velocity = -object.velocity; // bounce between x = 5 and 22
                displacement = -displacement;
            }
            object.box = {object.box.min + displacement, object.box.max + displacement};
            // Inside its fat box nothing happens; out of it, the object is reinserted with a new one.
            RemoveRecord removed;
            InsertRecord inserted;
            if (m_tree.move(object.leaf, object.box, displacement, kMargin, kStretch, &removed, &inserted)) {
                relabel(object);
                ++m_reinsertions;
                m_rotations += static_cast<int64_t>(inserted.rotations.size());
                m_lastInsert = inserted;
                m_removedBox.reset();
                m_caption = object.name + " left its fat box and was reinserted (" +
                            std::to_string(m_reinsertions) + (m_reinsertions == 1 ? " time" : " times") +
                            " so far): removed, then inserted again with a new fat box stretched along its "
                            "motion. " +
                            describeInsert(inserted, object.name);
                m_highlight = Highlight::Insert;
            }
        }
    }

    void draw(const SceneView& view, vox::SceneRenderer& renderer, vox::LineBatch& lines) override {
        (void)view;
        renderer.look().drawGround = true;
        renderer.look().groundHeight = -10.0f;
        for (const TutorialObject& object : m_objects)
            renderer.drawSprite({.mesh = object.mesh,
                                 .position = {object.box.min.x, object.box.min.y, object.box.center().z},
                                 .tint = object.color});
        const std::vector<TeachingNode>& nodes = m_tree.nodes();
        for (size_t index = 0; index < nodes.size(); ++index) {
            const TeachingNode& node = nodes[index];
            if (node.free)
                continue;
            const int32_t i = static_cast<int32_t>(index);
            lines.addBox(displayBox(i), vox::packColor(node.isLeaf() ? kFatColor : nodeColor(i)));
            if (const std::optional<glm::vec4> mark = highlightColor(i))
                addThickBox(lines, displayBox(i), vox::packColor(*mark));
        }
        if (m_highlight == Highlight::Remove && m_removedBox)
            addThickBox(lines, *m_removedBox, vox::packColor(kRemovedColor));
        for (const TutorialObject& object : m_objects) // the motion, ahead of each mover
            if (object.velocity != glm::vec3(0.0f))
                lines.addLine(object.box.center(),
                              object.box.center() + object.velocity * (kStretch * kStepSeconds),
                              vox::packColor(kFatColor));
    }

    void gui(const SceneView& view) override {
        if (ImGui::Button(m_next < kScriptLength ? "Next (Enter)" : "Restart (Enter)"))
            advance();
        ImGui::SameLine();
        ImGui::Text("script step %d of %d", std::min(m_next, kScriptLength), kScriptLength);
        ImGui::TextWrapped(
            "Click the plane to add a box, click a box to remove it. Fat boxes are cyan; internal "
            "nodes are coloured by depth (purple root to yellow) and drawn grown by their height "
            "so nested boxes stay apart.");
        legend("new leaf", kLeafColor);
        ImGui::SameLine(120.0f);
        legend("sibling chosen", kSiblingColor);
        legend("new branch", kBranchColor);
        ImGui::SameLine(120.0f);
        legend("refitted", kRefitColor);
        legend("rotated", kRotationColor);
        ImGui::SameLine(120.0f);
        legend("removed", kRemovedColor);
        ImGui::Checkbox("cost labels", &m_showCosts);
        ImGui::TextWrapped("The engine's vox::DynamicAabbTree does all this with a packed node layout, "
                           "handles, pair tracking, deferred refits and more: see Swarm and Rays.");
        costLabels(view);
        captionWindow(view);
        treeDiagram(view);
    }

    std::vector<SceneStat> stats() const override {
        return {{"proxies", static_cast<double>(m_tree.leafCount())},
                {"internal_nodes", static_cast<double>(std::max(0, m_tree.leafCount() - 1))},
                {"height", static_cast<double>(m_tree.height())},
                {"internal_area", static_cast<double>(m_tree.internalArea()), false},
                {"candidates", static_cast<double>(m_lastInsert.candidates.size())},
                {"rotations", static_cast<double>(m_rotations)},
                {"reinsertions", static_cast<double>(m_reinsertions)}};
    }

    bool handleEvent(const SDL_Event& event, const SceneView& view) override {
        if (event.type == SDL_KEYDOWN && (event.key.keysym.scancode == SDL_SCANCODE_RETURN ||
                                          event.key.keysym.scancode == SDL_SCANCODE_I)) {
            advance();
            return true;
        }
        if (event.type == SDL_MOUSEBUTTONDOWN && event.button.button == SDL_BUTTON_LEFT) {
            click(view.rayThrough(view.mouse));
            return true;
        }
        return false;
    }

    void autoplay(int64_t frame) override {
        // One script step every few frames, up to the sorted row's first rotation: the most telling picture.
        const bool rotated = m_next > kFirstSortedInsert && !m_lastInsert.rotations.empty();
        if (frame % kAutoplayFrames == kAutoplayFrames - 1 && m_next < kScriptLength && !rotated)
            advance();
    }

    CameraPose cameraPose() const override {
        // Low in the view's middle: the diagram and the caption take the bottom of the window.
        return {.target = {6.0f, -2.0f, 0.0f}, .distance = 66.0f, .yaw = 0.0f, .pitch = 0.12f};
    }

private:
    enum class Highlight { None, Insert, Remove };

    void clearObjects() {
        for (const TutorialObject& object : m_objects)
            m_renderer.removeMesh(object.mesh);
        m_objects.clear();
        m_tree = TeachingTree();
        m_named = 0;
        m_highlight = Highlight::None;
        m_lastInsert = {};
    }

    void restart() {
        clearObjects();
        m_next = 0;
        m_rotations = 0;
        m_reinsertions = 0;
        m_caption =
            "A dynamic AABB tree, built one object at a time. Press Enter (or Next) to insert the first "
            "object.";
    }

    // Plays the next script step (or starts over after the last).
    void advance() {
        if (m_next >= kScriptLength) {
            restart();
            return;
        }
        const ScriptStep& step = kScript[m_next++];
        switch (step.kind) {
        case ScriptStep::Kind::Insert:
            insertObject(step.corner, step.size);
            if (m_next > kFirstSortedInsert && m_lastInsert.rotations.empty())
                m_caption += " (Sorted arrivals: each new box is cheapest next to the last ones, so the tree "
                             "leans one way until a rotation on the way up straightens it.)";
            break;
        case ScriptStep::Kind::Clear:
            clearObjects();
            m_caption = "Part 2: a fresh tree, and objects that arrive in sorted order, left to right, as "
                        "bullets fired in a row or tiles loaded by a scan do. That is the classic way to "
                        "grow a chain; watch the rotations on the way up keep the tree shallow.";
            break;
        case ScriptStep::Kind::StartMoving:
            if (TutorialObject* object = find(step.object)) {
                object->velocity = {6.0f, 0.0f, 0.0f};
                // Its fat box is made anew now, stretched along the motion, as a moving proxy's would be.
                RemoveRecord removed;
                InsertRecord inserted;
                m_tree.remove(object->leaf, &removed);
                object->leaf = m_tree.insert(
                    object->id,
                    object->box.fattened(kMargin).extendedBy(object->velocity * (kStepSeconds * kStretch)),
                    &inserted);
                relabel(*object);
                m_lastInsert = inserted;
                m_highlight = Highlight::Insert;
                m_caption =
                    object->name + " now moves at 6 units/s. Its fat box (cyan) is its box grown by " +
                    "0.6 on every side and stretched 8 steps ahead along the motion: while " + object->name +
                    " stays inside it, a move costs a containment test and changes no node. "
                    "When it leaves, it is removed and reinserted with a new fat box (watch the count).";
            }
            break;
        case ScriptStep::Kind::Remove:
            if (TutorialObject* object = find(step.object))
                removeObject(*object);
            break;
        }
    }

    void insertObject(glm::vec2 corner, glm::vec2 size) {
        if (static_cast<int32_t>(m_objects.size()) >= kMaxObjects)
            return;
        TutorialObject object;
        object.id = m_named;
        object.name = nextName();
        object.box = {glm::vec3(corner, -kDepth * 0.5f), glm::vec3(corner + size, kDepth * 0.5f)};
        object.color = kPalette[m_named % std::size(kPalette)];
        vox::VoxelModel model(
            glm::ivec3(static_cast<int>(size.x), static_cast<int>(size.y), static_cast<int>(kDepth)));
        for (int z = 0; z < model.size().z; ++z)
            for (int y = 0; y < model.size().y; ++y)
                for (int x = 0; x < model.size().x; ++x)
                    model.set({x, y, z}, 1); // MagicaVoxel's white, tinted per object
        object.mesh = m_renderer.addMesh(model);
        InsertRecord record;
        object.leaf = m_tree.insert(object.id, object.box.fattened(kMargin), &record);
        m_rotations += static_cast<int64_t>(record.rotations.size());
        m_lastInsert = record;
        m_highlight = Highlight::Insert;
        m_caption = "Inserted " + object.name + ". " + describeInsert(record, object.name);
        m_objects.push_back(std::move(object));
        relabelAll();
    }

    void removeObject(TutorialObject& object) {
        const std::string name = object.name;
        RemoveRecord record;
        m_removedBox = displayBox(object.leaf);
        m_tree.remove(object.leaf, &record);
        m_renderer.removeMesh(object.mesh);
        m_objects.erase(m_objects.begin() + (&object - m_objects.data()));
        relabelAll();
        m_lastRemove = record;
        m_highlight = Highlight::Remove;
        m_caption = "Removed " + name +
                    " (red). Its leaf and its parent go; its sibling (green) takes the parent's place";
        m_caption +=
            record.refitted.empty()
                ? "."
                : ", and the " + std::to_string(record.refitted.size()) +
                      " ancestors above are refitted (orange): boxes only shrink, so no rotation is needed.";
    }

    // Left click: remove the box under the mouse, or add one where the ray meets the plane z = 0.
    void click(const vox::Ray& ray) {
        float nearest = 2.0f;
        TutorialObject* hit = nullptr;
        for (TutorialObject& object : m_objects) {
            float fraction = 0.0f;
            if (vox::raycast(object.box, ray, fraction) && fraction < nearest) {
                nearest = fraction;
                hit = &object;
            }
        }
        if (hit != nullptr) {
            removeObject(*hit);
            return;
        }
        if (std::abs(ray.direction.z) < 1e-6f)
            return;
        const float fraction = -ray.origin.z / ray.direction.z;
        if (fraction < 0.0f || fraction > 1.0f)
            return;
        const glm::vec3 point = ray.origin + ray.direction * fraction;
        insertObject(glm::round(glm::vec2(point)) - glm::vec2(1.0f), glm::vec2(3.0f, 2.0f));
    }

    // The names shown for leaves, by leaf node (nodes are reused after removals).
    void relabelAll() {
        for (TutorialObject& object : m_objects)
            relabel(object);
    }
    void relabel(TutorialObject& object) {
        m_leafNames.resize(m_tree.nodes().size());
        m_leafNames[object.leaf] = object.name;
    }

    std::string nextName() {
        const int32_t index = m_named++;
        std::string name(1, static_cast<char>('A' + index % 26));
        if (index >= 26)
            name += std::to_string(index / 26 + 1);
        return name;
    }

    TutorialObject* find(const std::string& name) {
        for (TutorialObject& object : m_objects)
            if (object.name == name)
                return &object;
        return nullptr;
    }

    std::string nodeName(int32_t node) const {
        if (node < 0)
            return "-";
        const TeachingNode& n = m_tree.nodes()[node];
        if (n.isLeaf() && node < static_cast<int32_t>(m_leafNames.size()))
            return m_leafNames[node];
        return "node " + std::to_string(node);
    }

    std::string describeInsert(const InsertRecord& record, const std::string& name) const {
        if (record.sibling < 0)
            return "The tree was empty: " + name + "'s leaf is the root.";
        int32_t pruned = 0;
        for (const SiblingCandidate& candidate : record.candidates)
            pruned += candidate.pruned ? 1 : 0;
        char cost[64];
        std::snprintf(cost, sizeof cost, "%.1f", static_cast<double>(record.bestCost));
        std::string text =
            "The sibling search tried " + std::to_string(record.candidates.size()) +
            " nodes, cheapest first (labels: area of the new branch + growth of its ancestors); " +
            nodeName(record.sibling) + " won at " + cost + ".";
        if (pruned > 0)
            text += " " + std::to_string(pruned) + " subtree" + (pruned == 1 ? " was" : "s were") +
                    " skipped: even " + name + "'s own area plus the growth above could not beat that.";
        text += " A new branch (yellow) took " + nodeName(record.sibling) + "'s place with " +
                nodeName(record.sibling) + " and " + name + " below it";
        text += record.refitted.empty() ? "."
                                        : "; " + std::to_string(record.refitted.size()) +
                                              " ancestors were refitted (orange) to contain it.";
        for (const TreeRotation& rotation : record.rotations) {
            std::snprintf(cost, sizeof cost, "%.1f to %.1f (%.2f less)",
                          static_cast<double>(rotation.areaBefore), static_cast<double>(rotation.areaAfter),
                          static_cast<double>(rotation.areaBefore - rotation.areaAfter));
            text += " Rotation at " + nodeName(rotation.node) + " (magenta): " + nodeName(rotation.lifted) +
                    " moved up, " + nodeName(rotation.lowered) + " down, shrinking a box's area from " +
                    cost + ".";
        }
        return text;
    }

    // Internal boxes are drawn grown by their height, so a parent's lines never sit on its child's.
    vox::Aabb displayBox(int32_t node) const {
        const TeachingNode& n = m_tree.nodes()[node];
        return n.isLeaf() ? n.box : n.box.fattened(0.35f * static_cast<float>(n.height));
    }

    glm::vec4 nodeColor(int32_t node) const {
        return m_tree.nodes()[node].isLeaf() ? kFatColor : vox::depthColor(m_tree.depth(node), 6);
    }

    std::optional<glm::vec4> highlightColor(int32_t node) const {
        if (m_highlight == Highlight::Remove) {
            if (node == m_lastRemove.promoted)
                return kSiblingColor;
            if (std::find(m_lastRemove.refitted.begin(), m_lastRemove.refitted.end(), node) !=
                m_lastRemove.refitted.end())
                return kRefitColor;
            return std::nullopt;
        }
        if (m_highlight != Highlight::Insert)
            return std::nullopt;
        for (const TreeRotation& rotation : m_lastInsert.rotations)
            if (node == rotation.lifted || node == rotation.lowered)
                return kRotationColor;
        if (node == m_lastInsert.leaf)
            return kLeafColor;
        if (node == m_lastInsert.sibling)
            return kSiblingColor;
        if (node == m_lastInsert.branch)
            return kBranchColor;
        if (std::find(m_lastInsert.refitted.begin(), m_lastInsert.refitted.end(), node) !=
            m_lastInsert.refitted.end())
            return kRefitColor;
        return std::nullopt;
    }

    // A box drawn three times, a little apart: reads as a thick line with one-pixel lines.
    static void addThickBox(vox::LineBatch& lines, const vox::Aabb& box, uint32_t color) {
        for (const float grow : {0.0f, 0.08f, 0.16f})
            lines.addBox(box.fattened(grow), color);
    }

    static void legend(const char* label, const glm::vec4& color) {
        ImGui::ColorButton(label, ImVec4(color.r, color.g, color.b, 1.0f), ImGuiColorEditFlags_NoTooltip,
                           ImVec2(11, 11));
        ImGui::SameLine();
        ImGui::TextUnformatted(label);
    }

    // The sibling search's costs, each at its node's top-left corner in the 3D view.
    void costLabels(const SceneView& view) const {
        if (!m_showCosts || m_highlight != Highlight::Insert)
            return;
        ImDrawList* draw = ImGui::GetForegroundDrawList();
        for (const SiblingCandidate& candidate : m_lastInsert.candidates) {
            if (candidate.node >= static_cast<int32_t>(m_tree.nodes().size()) ||
                m_tree.nodes()[candidate.node].free)
                continue;
            const vox::Aabb box = displayBox(candidate.node);
            const std::optional<glm::vec2> at = view.project({box.min.x, box.max.y, box.max.z});
            if (!at)
                continue;
            char text[48];
            std::snprintf(text, sizeof text, "%.1f%s", static_cast<double>(candidate.cost),
                          candidate.pruned ? " (pruned)" : "");
            const bool best = candidate.node == m_lastInsert.sibling;
            const ImVec2 size = ImGui::CalcTextSize(text);
            const ImVec2 corner(at->x + 2.0f, at->y - size.y - 2.0f);
            draw->AddRectFilled(corner, ImVec2(corner.x + size.x + 4.0f, corner.y + size.y),
                                IM_COL32(0, 0, 0, 170));
            draw->AddText(ImVec2(corner.x + 2.0f, corner.y),
                          best ? toImU32(kSiblingColor) : IM_COL32(230, 230, 230, 255), text);
        }
    }

    // What just happened, under the scene.
    void captionWindow(const SceneView& view) const {
        const float left = 356.0f;
        const float width = std::max(300.0f, static_cast<float>(view.size.x) - left - kDiagramWidth - 16.0f);
        ImGui::SetNextWindowPos(ImVec2(left, static_cast<float>(view.size.y) - 8.0f), ImGuiCond_Always,
                                ImVec2(0.0f, 1.0f));
        ImGui::SetNextWindowSize(ImVec2(width, 0.0f), ImGuiCond_Always);
        ImGui::Begin("What just happened", nullptr,
                     ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                         ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoFocusOnAppearing);
        ImGui::TextWrapped("%s", m_caption.c_str());
        ImGui::End();
    }

    // The tree as a diagram: leaves in order along the bottom, each parent above the middle of its children.
    void treeDiagram(const SceneView& view) const {
        if (m_tree.root() < 0)
            return;
        const float width = kDiagramWidth;
        ImGui::SetNextWindowPos(
            ImVec2(static_cast<float>(view.size.x) - width - 8.0f, static_cast<float>(view.size.y) - 8.0f),
            ImGuiCond_Always, ImVec2(0.0f, 1.0f));
        ImGui::SetNextWindowSize(ImVec2(width, 0.0f), ImGuiCond_Always);
        ImGui::Begin("The tree", nullptr,
                     ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                         ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoFocusOnAppearing);
        const std::vector<TeachingNode>& nodes = m_tree.nodes();
        std::vector<glm::vec2> place(nodes.size());
        int32_t leafSlot = 0;
        layout(m_tree.root(), 0, leafSlot, place);
        const float rowHeight = 30.0f;
        const float canvasHeight = rowHeight * static_cast<float>(m_tree.height()) + 30.0f;
        const ImVec2 origin = ImGui::GetCursorScreenPos();
        const float slotWidth = std::min(34.0f, (width - 30.0f) / static_cast<float>(std::max(1, leafSlot)));
        const auto at = [&](int32_t node) {
            return ImVec2(origin.x + 14.0f + place[node].x * slotWidth,
                          origin.y + 12.0f + place[node].y * rowHeight);
        };
        ImDrawList* draw = ImGui::GetWindowDrawList();
        for (size_t i = 0; i < nodes.size(); ++i)
            if (!nodes[i].free && !nodes[i].isLeaf())
                for (const int32_t child : {nodes[i].child1, nodes[i].child2})
                    draw->AddLine(at(static_cast<int32_t>(i)), at(child), IM_COL32(150, 150, 170, 200), 1.5f);
        for (size_t i = 0; i < nodes.size(); ++i) {
            if (nodes[i].free)
                continue;
            const int32_t node = static_cast<int32_t>(i);
            const ImVec2 centre = at(node);
            if (const std::optional<glm::vec4> mark = highlightColor(node))
                draw->AddCircle(centre, 11.0f, toImU32(*mark), 0, 3.0f);
            if (nodes[i].isLeaf()) {
                draw->AddRectFilled(ImVec2(centre.x - 8, centre.y - 8), ImVec2(centre.x + 8, centre.y + 8),
                                    IM_COL32(30, 60, 80, 255), 3.0f);
                const std::string name = nodeName(node);
                const ImVec2 size = ImGui::CalcTextSize(name.c_str());
                draw->AddText(ImVec2(centre.x - size.x * 0.5f, centre.y - size.y * 0.5f), toImU32(kFatColor),
                              name.c_str());
            } else {
                draw->AddCircleFilled(centre, 7.0f, toImU32(nodeColor(node)));
                const std::string index = std::to_string(node); // the captions name internal nodes so
                draw->AddText(ImVec2(centre.x + 9.0f, centre.y - 15.0f), IM_COL32(170, 170, 190, 255),
                              index.c_str());
            }
        }
        ImGui::Dummy(ImVec2(width - 16.0f, canvasHeight));
        ImGui::Text("height %d, %d leaves, internal area %.0f", m_tree.height(), m_tree.leafCount(),
                    static_cast<double>(m_tree.internalArea()));
        ImGui::End();
    }

    void layout(int32_t node, int32_t depth, int32_t& leafSlot, std::vector<glm::vec2>& place) const {
        const TeachingNode& n = m_tree.nodes()[node];
        if (n.isLeaf()) {
            place[node] = {static_cast<float>(leafSlot++), static_cast<float>(depth)};
            return;
        }
        layout(n.child1, depth + 1, leafSlot, place);
        layout(n.child2, depth + 1, leafSlot, place);
        place[node] = {(place[n.child1].x + place[n.child2].x) * 0.5f, static_cast<float>(depth)};
    }

    vox::SceneRenderer& m_renderer;
    TeachingTree m_tree;
    std::vector<TutorialObject> m_objects;
    std::vector<std::string> m_leafNames; // by leaf node index
    int32_t m_next = 0;
    int32_t m_named = 0;
    int64_t m_rotations = 0;
    int64_t m_reinsertions = 0;
    Highlight m_highlight = Highlight::None;
    InsertRecord m_lastInsert;
    RemoveRecord m_lastRemove;
    std::optional<vox::Aabb> m_removedBox;
    std::string m_caption;
    bool m_showCosts = true;
};

} // namespace

std::unique_ptr<Scene> makeTreeTutorialScene(const SceneResources& resources) {
    return std::make_unique<TreeTutorialScene>(resources.renderer);
}

} // namespace samples
