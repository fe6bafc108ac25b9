// A checkpoint file's container, without LibTorch (docs/model-format.md): magic, u64 header
// length, JSON header (nn/checkpoint_info.h's fields), u64 payload length, the payload (a
// LibTorch archive, opaque here), u32 CRC-32 of header and payload, end marker; integers
// little-endian. nn/checkpoint.h fills the payload; the fuzz target reads bytes through here.
#pragma once

#include <string>
#include <string_view>

#include "nn/checkpoint_info.h"

namespace zertz::nn {

struct CheckpointParts {
  CheckpointInfo info;
  std::string payload;
};

std::string encode_checkpoint(const CheckpointInfo& info, std::string_view payload);

// Checks kind, completeness, checksum and the header's fields (the network's shape within the
// config's ranges); throws CheckpointError with one line naming `name` otherwise.
CheckpointParts decode_checkpoint(const std::string& bytes, const std::string& name);
// The same from a file: CheckpointError also when it cannot be read.
CheckpointParts read_checkpoint_file(const std::string& path);

}  // namespace zertz::nn
