#include "mcts/node.h"

#include <cassert>
#include <utility>

namespace zertz::mcts {

void Node::copy_from(const Node& other) {
  init(other.action(), other.prior(), other.viewer());
  value_sum_ = other.value_sum();
  visits_ = other.visits();
  proven_ = other.proven();
}

Node* NodeArena::allocate(int count) {
  assert(count <= kChunkNodes);
  if (chunk_ == chunks_.size() || used_ + count > kChunkNodes) {
    if (chunk_ < chunks_.size()) ++chunk_;  // the current chunk is full: take the next one
    if (chunk_ == chunks_.size()) chunks_.push_back(std::make_unique<Node[]>(kChunkNodes));
    used_ = 0;
  }
  Node* nodes = chunks_[chunk_].get() + used_;
  used_ += count;
  return nodes;
}

void NodeArena::clear() {
  chunk_ = 0;
  used_ = 0;
}

Tree::Tree(int workers) : arenas_(workers), spare_(workers) {
  reset(0);
}

void Tree::reset(int viewer) {
  for (NodeArena& arena : arenas_) arena.clear();
  root_ = arenas_[0].allocate(1);
  root_->init(Action::pass(), 1.0f, viewer);
}

void Tree::promote(const Node& child) {
  NodeArena& target = spare_[0];
  target.clear();
  Node* root = target.allocate(1);
  copy_subtree(child, *root, target);
  for (NodeArena& arena : arenas_) arena.clear();
  std::swap(arenas_, spare_);
  root_ = root;
}

void Tree::copy_subtree(const Node& from, Node& to, NodeArena& arena) {
  to.copy_from(from);
  if (!from.is_expanded()) return;
  std::span<Node> children = from.children();
  Node* copies = children.empty() ? nullptr : arena.allocate(static_cast<int>(children.size()));
  for (std::size_t i = 0; i < children.size(); ++i) copy_subtree(children[i], copies[i], arena);
  to.finish_copy(from, copies);
}

void Tree::set_workers(int workers) {
  arenas_.resize(workers);
  spare_.resize(workers);
}

}  // namespace zertz::mcts
