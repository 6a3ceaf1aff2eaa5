// Oriented boxes: the separating axis test, drawn. Two boxes (or, in 2D, two convex polygons) to drag and
// turn; when they are apart, the axis vox::geometry found is drawn below them with both shapes' shadows on
// it and the gap between; when they overlap, both turn red: no axis separates them.
#include "scene.h"
#include "scenes/scene_factories.h"

#include <vox/geometry/convex_polygon.h>
#include <vox/geometry/obb.h>

#include <SDL.h>
#include <glm/gtc/quaternion.hpp>
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace samples {
namespace {

constexpr glm::vec4 kColorA{0.35f, 0.75f, 1.0f, 1.0f};
constexpr glm::vec4 kColorB{1.0f, 0.75f, 0.3f, 1.0f};
constexpr glm::vec4 kOverlapColor{1.0f, 0.25f, 0.25f, 1.0f};
constexpr glm::vec4 kAxisColor{0.85f, 0.85f, 0.9f, 0.9f};
constexpr glm::vec4 kGapColor{0.3f, 1.0f, 0.45f, 1.0f};
constexpr glm::vec4 kProjectorColor{0.7f, 0.7f, 0.8f, 0.35f};

// A box the user moves: its voxel model is solid, as big as the box.
struct Body {
    glm::vec3 center{0.0f};
    glm::vec3 halfExtents{1.0f};
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
    glm::vec4 color{1.0f};
    vox::MeshHandle mesh{};

    [[nodiscard]] vox::Obb obb() const { return {center, halfExtents, glm::mat3_cast(rotation)}; }
};

// A polygon the user moves: fixed vertices about its centre, turned by `angle`.
struct Shape2d {
    std::vector<glm::vec2> local; // counter-clockwise
    glm::vec2 center{0.0f};
    float angle = 0.0f;
    glm::vec4 color{1.0f};

    [[nodiscard]] std::vector<glm::vec2> vertices() const {
        const float c = std::cos(angle), s = std::sin(angle);
        std::vector<glm::vec2> world;
        for (const glm::vec2& v : local)
            world.push_back(center + glm::vec2(c * v.x - s * v.y, s * v.x + c * v.y));
        return world;
    }
    [[nodiscard]] bool contains(const glm::vec2& point) const {
        const std::vector<glm::vec2> world = vertices();
        for (size_t i = 0; i < world.size(); ++i) {
            const glm::vec2 edge = world[(i + 1) % world.size()] - world[i];
            if (edge.x * (point.y - world[i].y) - edge.y * (point.x - world[i].x) < 0.0f)
                return false; // right of a counter-clockwise edge: outside
        }
        return true;
    }
};

vox::MeshHandle addBoxMesh(vox::SceneRenderer& renderer, glm::ivec3 size) {
    vox::VoxelModel model(size);
    for (int z = 0; z < size.z; ++z)
        for (int y = 0; y < size.y; ++y)
            for (int x = 0; x < size.x; ++x)
                model.set({x, y, z}, 1); // white, tinted when drawn
    return renderer.addMesh(model);
}

// Ray-box hit in the box's own frame; the fraction along `ray`, or nothing.
std::optional<float> raycastObb(const vox::Obb& box, const vox::Ray& ray) {
    const glm::mat3 toLocal = glm::transpose(box.rotation);
    const vox::Ray local{toLocal * (ray.origin - box.center), toLocal * ray.direction, ray.maxFraction};
    float fraction = 0.0f;
    if (!vox::raycast(vox::Aabb{-box.halfExtents, box.halfExtents}, local, fraction))
        return std::nullopt;
    return fraction;
}

const char* axisName(const vox::ObbSeparation& separation, char* buffer, size_t size) {
    switch (separation.kind) {
    case vox::ObbAxisKind::FaceOfA:
        std::snprintf(buffer, size, "face normal %d of A", separation.indexA);
        break;
    case vox::ObbAxisKind::FaceOfB:
        std::snprintf(buffer, size, "face normal %d of B", separation.indexB);
        break;
    case vox::ObbAxisKind::EdgeCross:
        std::snprintf(buffer, size, "edge cross A%d x B%d", separation.indexA, separation.indexB);
        break;
    case vox::ObbAxisKind::None:
        std::snprintf(buffer, size, "none");
        break;
    }
    return buffer;
}

class OrientedBoxesScene final : public Scene {
public:
    explicit OrientedBoxesScene(vox::SceneRenderer& renderer) : m_renderer(renderer) {
        m_bodies[0] = {{-7.0f, 0.0f, 0.0f},
                       {5.0f, 3.0f, 2.0f},
                       glm::angleAxis(0.5f, glm::normalize(glm::vec3(0.3f, 0.4f, 1.0f))),
                       kColorA,
                       {}};
        m_bodies[1] = {{8.0f, 3.0f, 0.0f},
                       {4.0f, 4.0f, 2.5f},
                       glm::angleAxis(-0.7f, glm::normalize(glm::vec3(1.0f, 0.6f, 0.2f))),
                       kColorB,
                       {}};
        for (Body& body : m_bodies)
            body.mesh = addBoxMesh(renderer, glm::ivec3(body.halfExtents * 2.0f + 0.5f));
        m_shapes[0] = {{{-4.0f, -3.0f}, {3.0f, -4.0f}, {5.0f, 0.0f}, {2.0f, 4.0f}, {-3.0f, 3.0f}},
                       {-7.0f, 0.0f},
                       0.3f,
                       kColorA};
        m_shapes[1] = {{{-3.0f, -3.0f}, {4.0f, -2.0f}, {0.0f, 4.0f}}, {7.0f, 2.0f}, -0.4f, kColorB};
    }
    ~OrientedBoxesScene() override {
        for (const Body& body : m_bodies)
            m_renderer.removeMesh(body.mesh);
    }
    OrientedBoxesScene(const OrientedBoxesScene&) = delete;
    OrientedBoxesScene& operator=(const OrientedBoxesScene&) = delete;

    void step() override {
        if (!m_spin)
            return;
        m_bodies[1].rotation = glm::angleAxis(0.01f, glm::vec3(0.0f, 1.0f, 0.0f)) * m_bodies[1].rotation;
        m_shapes[1].angle += 0.01f;
    }

    void draw(const SceneView& view, vox::SceneRenderer& renderer, vox::LineBatch& lines) override {
        renderer.look().drawGround = true;
        renderer.look().groundHeight = -12.0f;
        if (m_polygons)
            drawPolygons(view, lines);
        else
            drawBoxes(view, renderer, lines);
    }

    void gui(const SceneView& view) override {
        ImGui::TextWrapped(
            "Two convex shapes are apart exactly when their shadows on some axis are apart. Boxes "
            "need 15 candidate axes (3 faces of each, 9 edge crosses), polygons their edge "
            "normals. Left drag moves a shape; Shift + left drag or Q / E turns it.");
        int mode = m_polygons ? 1 : 0;
        ImGui::RadioButton("3D boxes (Obb)", &mode, 0);
        ImGui::SameLine();
        ImGui::RadioButton("2D polygons", &mode, 1);
        m_polygons = mode == 1;
        ImGui::Checkbox("spin B", &m_spin);
        char name[48];
        if (m_overlapping)
            ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f),
                               "Overlapping: no candidate axis separates them.");
        else if (m_polygons)
            ImGui::Text("Separated on the normal of edge %d of %s,\ngap %.2f", std::max(m_edgeA, m_edgeB),
                        m_edgeA >= 0 ? "A" : "B", static_cast<double>(m_gap));
        else
            ImGui::Text("Separated on the %s,\ngap %.2f", axisName(m_separation, name, sizeof name),
                        static_cast<double>(m_gap));
        if (!m_overlapping && !m_label.empty()) {
            if (const std::optional<glm::vec2> at = view.project(m_labelAt)) {
                ImDrawList* draw = ImGui::GetForegroundDrawList();
                const ImVec2 size = ImGui::CalcTextSize(m_label.c_str());
                const ImVec2 corner(at->x - size.x * 0.5f, at->y + 6.0f);
                draw->AddRectFilled(corner, ImVec2(corner.x + size.x + 6.0f, corner.y + size.y + 2.0f),
                                    IM_COL32(0, 0, 0, 170), 3.0f);
                draw->AddText(ImVec2(corner.x + 3.0f, corner.y + 1.0f), IM_COL32(120, 255, 140, 255),
                              m_label.c_str());
            }
        }
    }

    std::vector<SceneStat> stats() const override {
        return {{"shapes", 2.0},
                {"overlapping", m_overlapping ? 1.0 : 0.0},
                {"gap", static_cast<double>(m_gap), false}};
    }

    bool handleEvent(const SDL_Event& event, const SceneView& view) override {
        switch (event.type) {
        case SDL_MOUSEBUTTONDOWN:
            if (event.button.button != SDL_BUTTON_LEFT)
                return false;
            return grab(view.rayThrough(view.mouse), view);
        case SDL_MOUSEBUTTONUP:
            if (event.button.button != SDL_BUTTON_LEFT || m_dragged < 0)
                return false;
            m_dragged = -1;
            return true;
        case SDL_MOUSEMOTION:
            if (m_dragged < 0)
                return false;
            if ((SDL_GetModState() & KMOD_SHIFT) != 0)
                turn(m_dragged, static_cast<float>(event.motion.xrel) * 0.01f,
                     static_cast<float>(event.motion.yrel) * 0.01f, view);
            else
                drag(view.rayThrough(view.mouse));
            return true;
        case SDL_KEYDOWN:
            if (event.key.keysym.scancode == SDL_SCANCODE_Q || event.key.keysym.scancode == SDL_SCANCODE_E) {
                const float sign = event.key.keysym.scancode == SDL_SCANCODE_Q ? 1.0f : -1.0f;
                turnAboutView(m_selected, sign * 0.12f, view);
                return true;
            }
            return false;
        default:
            return false;
        }
    }

    CameraPose cameraPose() const override {
        return {.target = {0.0f, -2.0f, 0.0f}, .distance = 55.0f, .yaw = 0.0f, .pitch = 0.18f};
    }

private:
    static glm::vec3 viewForward(const SceneView& view) {
        return -glm::vec3(view.camera.view[0][2], view.camera.view[1][2], view.camera.view[2][2]);
    }
    static glm::vec3 viewUp(const SceneView& view) {
        return glm::vec3(view.camera.view[0][1], view.camera.view[1][1], view.camera.view[2][1]);
    }
    static glm::vec3 viewRight(const SceneView& view) {
        return glm::vec3(view.camera.view[0][0], view.camera.view[1][0], view.camera.view[2][0]);
    }

    // Picks the shape under the mouse; the drag then slides it in the plane facing the camera (boxes) or
    // in the plane z = 0 (polygons).
    bool grab(const vox::Ray& ray, const SceneView& view) {
        m_dragged = -1;
        if (m_polygons) {
            const std::optional<glm::vec3> point = onPlane(ray, glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, 1.0f));
            for (int i = 1; i >= 0 && point; --i)
                if (m_shapes[i].contains(glm::vec2(*point))) {
                    m_dragged = i;
                    m_grabOffset = glm::vec3(m_shapes[i].center, 0.0f) - *point;
                    break;
                }
        } else {
            float nearest = 2.0f;
            for (int i = 0; i < 2; ++i)
                if (const std::optional<float> hit = raycastObb(m_bodies[i].obb(), ray);
                    hit && *hit < nearest) {
                    nearest = *hit;
                    m_dragged = i;
                }
            if (m_dragged >= 0) {
                m_dragNormal = viewForward(view);
                const glm::vec3 point = ray.origin + ray.direction * nearest;
                m_grabOffset = m_bodies[m_dragged].center - point;
                m_dragPlanePoint = point;
            }
        }
        if (m_dragged >= 0)
            m_selected = m_dragged;
        return m_dragged >= 0;
    }

    void drag(const vox::Ray& ray) {
        if (m_polygons) {
            if (const std::optional<glm::vec3> point =
                    onPlane(ray, glm::vec3(0.0f), glm::vec3(0.0f, 0.0f, 1.0f)))
                m_shapes[m_dragged].center = glm::vec2(*point + m_grabOffset);
        } else if (const std::optional<glm::vec3> point = onPlane(ray, m_dragPlanePoint, m_dragNormal)) {
            m_bodies[m_dragged].center = *point + m_grabOffset;
        }
    }

    void turn(int index, float dx, float dy, const SceneView& view) {
        if (m_polygons) {
            m_shapes[index].angle -= dx;
            return;
        }
        Body& body = m_bodies[index];
        body.rotation = glm::normalize(glm::angleAxis(dx, viewUp(view)) *
                                       glm::angleAxis(dy, viewRight(view)) * body.rotation);
    }
    void turnAboutView(int index, float radians, const SceneView& view) {
        if (m_polygons) {
            m_shapes[index].angle += radians;
            return;
        }
        Body& body = m_bodies[index];
        body.rotation = glm::normalize(glm::angleAxis(radians, -viewForward(view)) * body.rotation);
    }

    static std::optional<glm::vec3> onPlane(const vox::Ray& ray, const glm::vec3& point,
                                            const glm::vec3& normal) {
        const float along = glm::dot(ray.direction, normal);
        if (std::abs(along) < 1e-6f)
            return std::nullopt;
        const float fraction = glm::dot(point - ray.origin, normal) / along;
        if (fraction < 0.0f)
            return std::nullopt;
        return ray.origin + ray.direction * fraction;
    }

    // The separating axis as a line below the shapes: the value s on the axis is the point
    // anchor + axis * (s - dot(anchor, axis)), so each shadow is drawn where its shape projects.
    void drawAxis(vox::LineBatch& lines, const glm::vec3& axis, const glm::vec3& anchor,
                  const glm::vec3& side, vox::Interval shadowA, vox::Interval shadowB,
                  const std::array<std::vector<glm::vec3>, 2>& points) {
        const auto at = [&](float value) { return anchor + axis * (value - glm::dot(anchor, axis)); };
        const float low = std::min(shadowA.min, shadowB.min) - 6.0f;
        const float high = std::max(shadowA.max, shadowB.max) + 6.0f;
        lines.addLine(at(low), at(high), vox::packColor(kAxisColor));
        const vox::Interval shadows[2] = {shadowA, shadowB};
        for (int i = 0; i < 2; ++i) {
            const uint32_t color = vox::packColor(i == 0 ? kColorA : kColorB);
            for (const float offset : {0.15f, 0.3f, 0.45f}) { // a band, thicker than one pixel
                const glm::vec3 shift = side * (i == 0 ? offset : -offset);
                lines.addLine(at(shadows[i].min) + shift, at(shadows[i].max) + shift, color);
            }
            // Projectors from the points that make each end of the shadow.
            const auto [lowest, highest] = std::minmax_element(
                points[i].begin(), points[i].end(), [&](const glm::vec3& p, const glm::vec3& q) {
                    return glm::dot(p, axis) < glm::dot(q, axis);
                });
            for (const glm::vec3& point : {*lowest, *highest})
                dashed(lines, point, at(glm::dot(point, axis)), vox::packColor(kProjectorColor));
        }
        for (const float offset : {-0.1f, 0.0f, 0.1f})
            lines.addLine(at(shadowA.max) + side * offset, at(shadowB.min) + side * offset,
                          vox::packColor(kGapColor));
        char text[48];
        std::snprintf(text, sizeof text, "gap %.2f", static_cast<double>(shadowB.min - shadowA.max));
        m_label = text;
        m_labelAt = at(0.5f * (shadowA.max + shadowB.min)) - side * 0.5f;
    }

    static void dashed(vox::LineBatch& lines, const glm::vec3& from, const glm::vec3& to, uint32_t color) {
        const int dashes = std::max(1, static_cast<int>(glm::length(to - from) / 0.8f));
        for (int i = 0; i < dashes; i += 2)
            lines.addLine(glm::mix(from, to, static_cast<float>(i) / static_cast<float>(dashes)),
                          glm::mix(from, to, static_cast<float>(i + 1) / static_cast<float>(dashes)), color);
    }

    void drawBoxes(const SceneView& view, vox::SceneRenderer& renderer, vox::LineBatch& lines) {
        const vox::Obb a = m_bodies[0].obb();
        const vox::Obb b = m_bodies[1].obb();
        m_separation = vox::findSeparatingAxis(a, b);
        m_overlapping = m_separation.overlapping;
        m_gap = m_separation.gap();
        m_label.clear();
        std::array<std::vector<glm::vec3>, 2> corners;
        for (int i = 0; i < 2; ++i) {
            const Body& body = m_bodies[i];
            const glm::vec3 color = m_overlapping ? glm::vec3(kOverlapColor) : glm::vec3(body.color);
            // The sprite's pivot is its model's corner (0, 0) at half depth: put the model's centre on the
            // box's.
            const glm::vec3 pivotToCenter(body.halfExtents.x, body.halfExtents.y, 0.0f);
            renderer.drawSprite({.mesh = body.mesh,
                                 .position = body.center - glm::mat3_cast(body.rotation) * pivotToCenter,
                                 .rotation = body.rotation,
                                 .tint = color});
            const vox::Obb obb = body.obb();
            const std::array<glm::vec3, 8> boxCorners = obb.corners();
            corners[i].assign(boxCorners.begin(), boxCorners.end());
            const uint32_t edgeColor =
                vox::packColor(i == m_selected ? glm::vec4(1.0f) : glm::vec4(glm::vec3(color), 0.8f));
            for (int corner = 0; corner < 8; ++corner)
                for (const int bit : {1, 2, 4})
                    if ((corner & bit) == 0)
                        lines.addLine(boxCorners[corner], boxCorners[corner | bit], edgeColor);
        }
        if (m_overlapping)
            return;
        // Below both boxes, on the screen, whatever the axis: `side` is the view's up made square to it.
        glm::vec3 side = viewUp(view) - m_separation.axis * glm::dot(viewUp(view), m_separation.axis);
        side = glm::length(side) > 1e-3f ? glm::normalize(side) : viewRight(view);
        const float reach = glm::length(a.halfExtents) + glm::length(b.halfExtents);
        const glm::vec3 anchor = 0.5f * (a.center + b.center) - side * reach;
        drawAxis(lines, m_separation.axis, anchor, side, m_separation.shadowA, m_separation.shadowB, corners);
    }

    void drawPolygons(const SceneView& view, vox::LineBatch& lines) {
        (void)view;
        std::array<std::vector<glm::vec3>, 2> points;
        std::optional<vox::ConvexPolygon> polygons[2];
        for (int i = 0; i < 2; ++i) {
            const std::vector<glm::vec2> vertices = m_shapes[i].vertices();
            for (const glm::vec2& v : vertices)
                points[i].emplace_back(v, 0.0f);
            vox::Result<vox::ConvexPolygon> created = vox::ConvexPolygon::create(vertices);
            if (created)
                polygons[i] = std::move(created).value();
        }
        if (!polygons[0] || !polygons[1])
            return; // cannot happen: turning keeps a convex polygon convex
        const vox::PolygonSeparation separation = vox::findSeparatingAxis(*polygons[0], *polygons[1]);
        m_overlapping = separation.overlapping;
        m_gap = separation.gap();
        m_edgeA = separation.edgeOfA;
        m_edgeB = separation.edgeOfB;
        m_label.clear();
        for (int i = 0; i < 2; ++i) {
            const glm::vec4 color = m_overlapping ? kOverlapColor : m_shapes[i].color;
            const std::vector<glm::vec3>& loop = points[i];
            for (const float grow : {0.0f, 0.12f, 0.24f}) { // three outlines: a thick edge
                const glm::vec3 center(m_shapes[i].center, 0.0f);
                for (size_t k = 0; k < loop.size(); ++k) {
                    const glm::vec3 from = loop[k] + glm::normalize(loop[k] - center) * grow;
                    const glm::vec3 to = loop[(k + 1) % loop.size()] +
                                         glm::normalize(loop[(k + 1) % loop.size()] - center) * grow;
                    lines.addLine(
                        from, to,
                        vox::packColor(i == m_selected ? glm::mix(color, glm::vec4(1.0f), 0.4f) : color));
                }
            }
        }
        if (m_overlapping)
            return;
        const glm::vec3 axis(separation.axis, 0.0f);
        glm::vec3 side(-separation.axis.y, separation.axis.x, 0.0f);
        if (side.y < 0.0f)
            side = -side; // the shadows go below the shapes
        const glm::vec3 middle(0.5f * (m_shapes[0].center + m_shapes[1].center), 0.0f);
        drawAxis(lines, axis, middle - side * 9.0f, side, separation.shadowA, separation.shadowB, points);
    }

    vox::SceneRenderer& m_renderer;
    std::array<Body, 2> m_bodies;
    std::array<Shape2d, 2> m_shapes;
    bool m_polygons = false;
    bool m_spin = false;
    int m_dragged = -1;
    int m_selected = 1;
    glm::vec3 m_grabOffset{0.0f};
    glm::vec3 m_dragPlanePoint{0.0f};
    glm::vec3 m_dragNormal{0.0f, 0.0f, 1.0f};
    vox::ObbSeparation m_separation;
    bool m_overlapping = false;
    float m_gap = 0.0f;
    int m_edgeA = -1;
    int m_edgeB = -1;
    std::string m_label;
    glm::vec3 m_labelAt{0.0f};
};

} // namespace

std::unique_ptr<Scene> makeOrientedBoxesScene(const SceneResources& resources) {
    return std::make_unique<OrientedBoxesScene>(resources.renderer);
}

} // namespace samples
