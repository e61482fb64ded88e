#!/usr/bin/env bash
# A newcomer on a bare Debian machine (issue 28's "Done when"): a minimal Debian with python3 and git
# only, then the packages the README's apt-get line names, a clone of this repository, and the
# README's two set-up commands pasted as written: the first must open the window (on an Xvfb screen),
# the second must pass the tests. Results and times go to docs/first-run.md by hand (this prints them).
#
#   sudo tools/bare_machine_check.sh                       # Debian 12 bookworm and 13 trixie
#   sudo tools/bare_machine_check.sh --suite trixie --no-tests
#
# Options: --suite NAME (repeatable; default bookworm and trixie), --no-tests (the window only),
# --work DIR (where the Debian trees live; default /var/tmp/memviz-bare), --mirror URL, --fresh-base
# (debootstrap again instead of reusing DIR/base-SUITE, which holds python3 and git only).
#
# Needs root, debootstrap, Xvfb and xwininfo on this machine (apt-get install debootstrap xvfb
# x11-utils), and a Debian mirror and PyPI to reach. The Debian tree is a chroot, not a container
# with its own kernel: /proc, /dev and /sys are this machine's. The window draws on an Xvfb screen
# of this machine, whose socket is the only X11 thing the tree sees: no X library is installed in it
# beyond what the README names, so a missing one shows up as the window not opening.
set -euo pipefail

REPO="$(cd "$(dirname "$0")/.." && pwd)"
WORK=/var/tmp/memviz-bare
MIRROR=http://deb.debian.org/debian
SUITES=()
RUN_TESTS=1
FRESH_BASE=0
WINDOW_TIMEOUT=1800 # the first command installs memviz first: minutes on a slow network
USER_NAME=newcomer

while (($#)); do
    case "$1" in
    --suite) SUITES+=("$2"); shift 2 ;;
    --no-tests) RUN_TESTS=0; shift ;;
    --work) WORK="$2"; shift 2 ;;
    --mirror) MIRROR="$2"; shift 2 ;;
    --fresh-base) FRESH_BASE=1; shift ;;
    *) echo "bare_machine_check: unknown option $1" >&2; exit 2 ;;
    esac
done
((${#SUITES[@]})) || SUITES=(bookworm trixie)
[ "$(id -u)" -eq 0 ] || { echo "bare_machine_check: run as root (debootstrap and chroot need it)" >&2; exit 2; }
for tool in debootstrap Xvfb xwininfo git; do
    command -v "$tool" >/dev/null || { echo "bare_machine_check: $tool is missing here" >&2; exit 2; }
done

say() { printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

# The README, read as a newcomer reads it: the apt-get line of "First run" and the two set-up commands.
readme_packages() {
    python3 - "$REPO/README.md" <<'EOF'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
line = re.search(r"sudo apt-get install ([^`\n\\]*(?:\\\n[^`\n\\]*)*)", text).group(1)
print(" ".join(word for word in line.replace("\\\n", " ").split()))
EOF
}
readme_commands() {
    # The first ```bash block: one command a line, comments and all, exactly as a user pastes it.
    awk '/^```bash$/ && !seen {inside=1; seen=1; next} inside && /^```$/ {exit} inside {print}' "$REPO/README.md"
}
mapfile -t COMMANDS < <(readme_commands)
PACKAGES="$(readme_packages)"
((${#COMMANDS[@]} == 2)) || { echo "bare_machine_check: the README's first block has ${#COMMANDS[@]} lines, not 2" >&2; exit 1; }
say "README: apt-get install $PACKAGES"
say "README: ${COMMANDS[0]}"
say "README: ${COMMANDS[1]}"

MOUNTED=()
XVFB_PID=""
APP_PID=""
cleanup() {
    [ -n "$APP_PID" ] && kill -- "-$APP_PID" 2>/dev/null || true
    [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null || true
    local i
    for ((i = ${#MOUNTED[@]} - 1; i >= 0; i--)); do umount -l "${MOUNTED[i]}" 2>/dev/null || true; done
    MOUNTED=()
}
trap cleanup EXIT

bind() { # bind SOURCE TARGET: mounted into the tree, undone on exit
    mkdir -p "$2"
    mount --rbind "$1" "$2"
    mount --make-rslave "$2"
    MOUNTED+=("$2")
}

# In the tree as the newcomer (not root), with the environment a fresh login has: no PYTHONPATH, no
# pip configuration of this machine, no display unless given (the command comes after this).
as_user_in() {
    AS_USER=(chroot --userspec="$USER_NAME:$USER_NAME" "$1" env -i HOME="/home/$USER_NAME" USER="$USER_NAME"
        LOGNAME="$USER_NAME" PATH=/usr/local/bin:/usr/bin:/bin SHELL=/bin/bash)
}

check_suite() {
    local suite="$1" base="$WORK/base-$1" root="$WORK/run-$1" log="$WORK/$1"
    mkdir -p "$WORK" "$log"
    if ((FRESH_BASE)) || [ ! -e "$base/.memviz-base-complete" ]; then
        say "$suite: debootstrap (minbase + python3 + git)"
        rm -rf "$base"
        debootstrap --variant=minbase --include=python3,git "$suite" "$base" "$MIRROR" >"$log/debootstrap.log" 2>&1
        touch "$base/.memviz-base-complete"
    fi
    # A run killed before its cleanup leaves /dev, /proc and /sys mounted in the tree: unmount them
    # first, or removing the tree would remove the host's files through them.
    local mounted
    for mounted in $(awk -v r="$root/" 'index($2, r) == 1 {print $2}' /proc/mounts | sort -r); do
        umount -l "$mounted"
    done
    if awk -v r="$root/" 'index($2, r) == 1 {found = 1} END {exit !found}' /proc/mounts; then
        say "$suite: something is still mounted under $root; not removing it"
        return 1
    fi
    rm -rf --one-file-system "$root"
    cp -a "$base" "$root"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    bind /proc "$root/proc"
    bind /sys "$root/sys"
    bind /dev "$root/dev"
    mkdir -p /tmp/.X11-unix && chmod 1777 /tmp/.X11-unix
    bind /tmp/.X11-unix "$root/tmp/.X11-unix"

    say "$suite: Debian $(cat "$root/etc/debian_version"), $(chroot "$root" python3 --version)"
    say "$suite: apt-get install (the README's line; root here, so no sudo)"
    chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
        bash -c "apt-get update -qq && apt-get install -y -qq --no-install-recommends $PACKAGES" \
        >"$log/apt.log" 2>&1 || { tail -20 "$log/apt.log" >&2; return 1; }
    # This workplace reaches PyPI through a proxy with certificates of its own; a user's machine
    # needs nothing of the sort. The README's packages bring ca-certificates (python3-venv needs it).
    if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
        cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
        chroot "$root" update-ca-certificates >/dev/null 2>&1
    fi
    chroot "$root" useradd --create-home --shell /bin/bash "$USER_NAME"

    say "$suite: git clone (the tree's own git, from a copy of this repository's HEAD)"
    git clone --quiet --bare "$REPO" "$root/srv/memviz.git"
    chroot "$root" chown -R "$USER_NAME:$USER_NAME" /srv/memviz.git
    as_user_in "$root"
    "${AS_USER[@]}" git clone --quiet /srv/memviz.git "/home/$USER_NAME/memviz"
    # Each README line in a file of its own, as pasted into a terminal in the clone: comments and all.
    local n
    for n in 1 2; do
        printf 'cd ~/memviz\n%s\n' "${COMMANDS[n - 1]}" >"$root/home/$USER_NAME/paste-$n.sh"
    done
    local commit
    commit="$(git -C "$REPO" rev-parse --short HEAD)"

    # The first command, under Xvfb: it must install memviz and show the main window.
    local display=$((90 + RANDOM % 400))
    Xvfb ":$display" -screen 0 1280x800x24 -nolisten tcp >"$log/xvfb.log" 2>&1 &
    XVFB_PID=$!
    local waited=0
    until xwininfo -display ":$display" -root >/dev/null 2>&1; do
        sleep 0.2; waited=$((waited + 1))
        ((waited < 100)) || { say "$suite: Xvfb did not start"; return 1; }
    done
    say "$suite: command 1 on Xvfb :$display"
    local started=$SECONDS window=""
    setsid "${AS_USER[@]}" DISPLAY=":$display" bash "/home/$USER_NAME/paste-1.sh" >"$log/command1.log" 2>&1 &
    APP_PID=$!
    while ((SECONDS - started < WINDOW_TIMEOUT)); do
        # A viewable top-level window whose title names memviz (Qt adds "— memviz" to it).
        window="$(xwininfo -display ":$display" -root -children 2>/dev/null \
            | awk '/memviz/ {print $1}' | while read -r id; do
                xwininfo -display ":$display" -id "$id" | grep -q "Map State: IsViewable" && echo "$id"
            done | head -1)"
        [ -n "$window" ] && break
        kill -0 "$APP_PID" 2>/dev/null || break
        sleep 2
    done
    local window_seconds=$((SECONDS - started))
    if [ -z "$window" ]; then
        say "$suite: NO WINDOW after ${window_seconds} s; the end of its output:"
        tail -20 "$log/command1.log" >&2
        return 1
    fi
    sleep 3 # let the first paint finish before the picture
    command -v import >/dev/null && import -display ":$display" -window root "$log/window.png" 2>/dev/null || true
    local title
    title="$(xwininfo -display ":$display" -id "$window" | sed -n 's/^xwininfo: Window id: [^ ]* //p')"
    say "$suite: window $title after ${window_seconds} s (install included)"
    kill -- "-$APP_PID" 2>/dev/null || true
    wait "$APP_PID" 2>/dev/null || true
    APP_PID=""
    kill "$XVFB_PID" 2>/dev/null || true
    wait "$XVFB_PID" 2>/dev/null || true
    XVFB_PID=""

    local tests="not run (--no-tests)" test_seconds=0
    if ((RUN_TESTS)); then
        say "$suite: command 2 (nice -n 10; no display, as in a container)"
        started=$SECONDS
        local status=0
        nice -n 10 "${AS_USER[@]}" bash "/home/$USER_NAME/paste-2.sh" >"$log/command2.log" 2>&1 || status=$?
        test_seconds=$((SECONDS - started))
        tests="exit $status: $(grep -E '(passed|failed|error)' "$log/command2.log" | tail -1)"
        say "$suite: tests $tests (${test_seconds} s, install included)"
    fi
    cleanup
    printf '%s\t%s\tDebian %s\t%s\tcommit %s\twindow %s s\ttests %s s\t%s\n' "$(date -u +%F)" "$suite" \
        "$(cat "$root/etc/debian_version")" "$(chroot "$root" python3 --version)" "$commit" \
        "$window_seconds" "$test_seconds" "$tests" | tee -a "$WORK/results.tsv"
    [ "$tests" = "not run (--no-tests)" ] || [[ "$tests" == "exit 0:"* ]]
}

failed=0
for suite in "${SUITES[@]}"; do
    check_suite "$suite" || { failed=1; cleanup; say "$suite: FAILED (logs in $WORK/$suite)"; }
done
exit "$failed"
