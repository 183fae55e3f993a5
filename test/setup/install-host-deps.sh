#!/usr/bin/env bash
# Installs the real services the integration tests run: OpenSSH's sshd, Debian's Prometheus, and
# Debian's Docker Engine with busybox-static (no image can be pulled here: the tests make one).
# Idempotent: does nothing when they are already there.
set -euo pipefail
need=()
command -v sshd >/dev/null 2>&1 || [ -x /usr/sbin/sshd ] || need+=(openssh-server)
command -v prometheus >/dev/null 2>&1 || [ -x /usr/bin/prometheus ] || need+=(prometheus)
[ -x /usr/sbin/dockerd ] || need+=(docker.io)
# A static busybox: the test image holds no C library.
dpkg -s busybox-static >/dev/null 2>&1 || need+=(busybox-static)
for tool in git curl flock timeout; do command -v "$tool" >/dev/null 2>&1 || need+=("$tool"); done
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
	echo "install-host-deps: missing ${need[*]}; run as root or install them (apt-get install openssh-server prometheus docker.io busybox-static git curl)" >&2
	exit 1
fi
# flock comes from util-linux, timeout from coreutils: present on Debian, listed for clarity.
pkgs=()
for p in "${need[@]}"; do
	case "$p" in flock) pkgs+=(util-linux) ;; timeout) pkgs+=(coreutils) ;; *) pkgs+=("$p") ;; esac
done
echo "install-host-deps: apt-get install ${pkgs[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
# Debian's postinst starts system services; the tests run their own instances on their own ports.
systemctl stop prometheus ssh docker docker.socket containerd 2>/dev/null || true
