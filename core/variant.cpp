#include "core/variant.h"

namespace zertz {

const Variant& Variant::basic() {
  static const Variant v{"basic", &Board::rings37(), {5, 7, 9}, {3, 4, 5}, 2};
  return v;
}
const Variant& Variant::tournament() {
  static const Variant v{"tournament", &Board::rings37(), {6, 8, 10}, {4, 5, 6}, 3};
  return v;
}
const Variant& Variant::tournament48() {
  static const Variant v{"tournament-48", &Board::rings48(), {6, 8, 10}, {4, 5, 6}, 3};
  return v;
}
const Variant& Variant::tournament61() {
  static const Variant v{"tournament-61", &Board::rings61(), {6, 8, 10}, {4, 5, 6}, 3};
  return v;
}

const std::vector<const Variant*>& Variant::all() {
  static const std::vector<const Variant*> variants = {&basic(), &tournament(), &tournament48(),
                                                       &tournament61()};
  return variants;
}

const Variant* Variant::find(std::string_view name) {
  for (const Variant* v : all()) {
    if (v->name == name) return v;
  }
  return nullptr;
}

std::string Variant::names() {
  std::string out;
  for (const Variant* v : all()) out += (out.empty() ? "" : ", ") + v->name;
  return out;
}

}  // namespace zertz
