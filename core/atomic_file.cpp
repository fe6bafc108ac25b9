#include "core/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace zertz {
namespace {

[[noreturn]] void fail(const std::string& what, const std::string& path, int err) {
  throw std::runtime_error("cannot " + what + " " + path + ": " + std::strerror(err));
}

// Writes all of `content` to `fd`, resuming after short writes and signals; errno on failure.
int write_all(int fd, std::string_view content) {
  while (!content.empty()) {
    ssize_t n = ::write(fd, content.data(), content.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    content.remove_prefix(static_cast<std::size_t>(n));
  }
  return 0;
}

// Syncs the folder holding `path`, so that a file created or renamed there stays after a crash.
void sync_folder_of(const std::string& path) {
  std::string folder = std::filesystem::path(path).parent_path().string();
  if (folder.empty()) folder = ".";
  int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) fail("sync the folder of", path, errno);
  int err = ::fsync(fd) == 0 ? 0 : errno;
  ::close(fd);
  // Some file systems cannot sync a folder; the data itself is on the disk already.
  if (err != 0 && err != EINVAL && err != EROFS) fail("sync the folder of", path, err);
}

}  // namespace

void write_file_atomically(const std::string& path, std::string_view content) {
  std::string temp = path + ".tmp." + std::to_string(::getpid());
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) fail("write", path, errno);
  int err = write_all(fd, content);
  if (err == 0 && ::fsync(fd) != 0) err = errno;
  if (::close(fd) != 0 && err == 0) err = errno;
  if (err == 0 && ::rename(temp.c_str(), path.c_str()) != 0) err = errno;
  if (err != 0) {
    ::unlink(temp.c_str());
    fail("write", path, err);
  }
  sync_folder_of(path);
}

void append_to_file(const std::string& path, std::string_view content) {
  bool existed = ::access(path.c_str(), F_OK) == 0;
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) fail("append to", path, errno);
  struct stat before {};
  int err = ::fstat(fd, &before) == 0 ? 0 : errno;
  if (err == 0) err = write_all(fd, content);
  if (err == 0 && ::fsync(fd) != 0) err = errno;
  if (err != 0) {
    // Cut off what part of the content did reach the file; a failure here leaves a torn tail,
    // which every reader of appended files skips.
    if (before.st_size >= 0 && ::ftruncate(fd, before.st_size) == 0) ::fsync(fd);
    ::close(fd);
    fail("append to", path, err);
  }
  if (::close(fd) != 0) fail("append to", path, errno);
  if (!existed) sync_folder_of(path);
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path + ": " + std::strerror(errno));
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace zertz
