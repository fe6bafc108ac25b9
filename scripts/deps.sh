#!/usr/bin/env bash
# Installs the Debian packages the project needs, only when some are missing.
set -euo pipefail
# libopenblas0-openmp: without it LibTorch falls back to the reference BLAS (5-8x slower).
# chromium: the game viewer's test opens the HTML page in headless Chromium.
# openmpi-bin, libopenmpi-dev: distributed training (mpirun) and its tests on loopback.
PACKAGES=(cmake g++ make ccache libgtest-dev libcli11-dev libtorch-dev libopenblas0-openmp
  nlohmann-json3-dev libfmt-dev zlib1g-dev libyaml-cpp-dev libspdlog-dev libeigen3-dev
  python3-torch python3-onnx python3-numpy python3-matplotlib python3-yaml chromium
  clang libclang-rt-14-dev openmpi-bin libopenmpi-dev)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  SUDO=""; [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y "${missing[@]}"
fi
