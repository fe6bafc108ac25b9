#include "distributed/frame.h"

#include <fmt/format.h>
#include <zlib.h>

namespace zertz::distributed {

namespace {

constexpr char kMagic[4] = {'Z', 'Z', 'M', 'P'};
constexpr std::uint8_t kFormatVersion = 1;
// magic, version, kind, 2 reserved, source, meta size, sequence, body size, crc
constexpr std::size_t kCrcOffset = 4 + 1 + 1 + 2 + 4 + 4 + 8 + 8;
constexpr std::size_t kHeaderSize = kCrcOffset + 4;

void put(std::string& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

std::uint64_t get(std::string_view in, std::size_t at, int bytes) {
  std::uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) {
    value |= static_cast<std::uint64_t>(static_cast<unsigned char>(in[at + i])) << (8 * i);
  }
  return value;
}

// Over the header's first 32 bytes, the meta part and the body: a flipped bit anywhere is seen.
std::uint32_t checksum(std::string_view header, std::string_view meta, std::string_view body) {
  uLong crc = crc32(0L, Z_NULL, 0);
  for (std::string_view part : {header.substr(0, kCrcOffset), meta, body}) {
    // zlib takes 32-bit lengths: feed a body of more than 4 GiB in pieces.
    for (std::size_t at = 0; at < part.size(); at += 1u << 30) {
      std::size_t n = std::min<std::size_t>(part.size() - at, 1u << 30);
      crc = crc32(crc, reinterpret_cast<const Bytef*>(part.data() + at), static_cast<uInt>(n));
    }
  }
  return static_cast<std::uint32_t>(crc);
}

bool known_kind(std::uint64_t kind) {
  return kind >= static_cast<std::uint8_t>(FrameKind::hello) &&
         kind <= static_cast<std::uint8_t>(FrameKind::weights_announce);
}

}  // namespace

const char* kind_name(FrameKind kind) {
  switch (kind) {
    case FrameKind::hello:
      return "hello";
    case FrameKind::welcome:
      return "welcome";
    case FrameKind::games:
      return "games";
    case FrameKind::games_ack:
      return "games_ack";
    case FrameKind::weights:
      return "weights";
    case FrameKind::weights_ack:
      return "weights_ack";
    case FrameKind::heartbeat:
      return "heartbeat";
    case FrameKind::stop:
      return "stop";
    case FrameKind::bye:
      return "bye";
    case FrameKind::weights_announce:
      return "weights_announce";
  }
  return "unknown";
}

std::string encode_frame(const Frame& frame) {
  std::string meta = frame.meta.is_null() ? "{}" : frame.meta.dump();
  std::string out;
  out.reserve(kHeaderSize + meta.size() + frame.body.size());
  out.append(kMagic, 4);
  put(out, kFormatVersion, 1);
  put(out, static_cast<std::uint8_t>(frame.kind), 1);
  put(out, 0, 2);
  put(out, static_cast<std::uint32_t>(frame.source), 4);
  put(out, meta.size(), 4);
  put(out, frame.sequence, 8);
  put(out, frame.body.size(), 8);
  put(out, checksum(out, meta, frame.body), 4);
  out += meta;
  out += frame.body;
  return out;
}

Frame decode_frame(std::string_view bytes, int from_rank) {
  auto refuse = [&](const std::string& what) {
    return FrameError(fmt::format("message from rank {}: {}", from_rank, what));
  };
  if (bytes.size() < kHeaderSize) {
    throw refuse(
        fmt::format("{} bytes, shorter than the {}-byte header", bytes.size(), kHeaderSize));
  }
  if (bytes.substr(0, 4) != std::string_view(kMagic, 4)) throw refuse("not a zertz message");
  if (std::uint64_t version = get(bytes, 4, 1); version != kFormatVersion) {
    throw refuse(fmt::format("message format {}, this build reads {}", version, kFormatVersion));
  }
  if (get(bytes, 6, 2) != 0) throw refuse("reserved header bytes are not zero");
  std::uint64_t kind = get(bytes, 5, 1);
  if (!known_kind(kind)) throw refuse(fmt::format("unknown kind {}", kind));
  Frame frame;
  frame.kind = static_cast<FrameKind>(kind);
  frame.source = static_cast<int>(static_cast<std::int32_t>(get(bytes, 8, 4)));
  if (frame.source != from_rank) {
    throw refuse(
        fmt::format("{} frame names rank {} as its sender", kind_name(frame.kind), frame.source));
  }
  std::uint64_t meta_size = get(bytes, 12, 4);
  frame.sequence = get(bytes, 16, 8);
  std::uint64_t body_size = get(bytes, 24, 8);
  auto stored = static_cast<std::uint32_t>(get(bytes, 32, 4));
  std::uint64_t payload = bytes.size() - kHeaderSize;
  if (meta_size > payload || body_size != payload - meta_size) {
    throw refuse(fmt::format("{} frame of {} bytes announces {} + {} after its header",
                             kind_name(frame.kind), bytes.size(), meta_size, body_size));
  }
  std::string_view meta = bytes.substr(kHeaderSize, meta_size);
  std::string_view body = bytes.substr(kHeaderSize + meta_size);
  if (std::uint32_t computed = checksum(bytes, meta, body); computed != stored) {
    throw refuse(fmt::format("{} frame {}: checksum {:08x}, computed {:08x}", kind_name(frame.kind),
                             frame.sequence, stored, computed));
  }
  frame.meta = nlohmann::json::parse(meta, nullptr, false);
  if (!frame.meta.is_object()) {
    throw refuse(fmt::format("{} frame {}: its meta part is not a JSON object",
                             kind_name(frame.kind), frame.sequence));
  }
  frame.body.assign(body);
  return frame;
}

}  // namespace zertz::distributed
