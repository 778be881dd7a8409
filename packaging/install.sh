#!/bin/sh
# Install Deerfield Desk for the current user, no root and no Python needed:
#   ./install.sh              copies the app to ~/.local/opt/deerfield-desk, adds the menu entry
#   ./install.sh --uninstall  removes the app, the menu entry and the icon (never the register:
#                             that lives in ~/.local/share/deerfield-desk and stays)
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
DEST=$HOME/.local/opt/deerfield-desk
BIN=$HOME/.local/bin
APPS=$DATA/applications
ICONS=$DATA/icons/hicolor/256x256/apps

if [ "${1:-}" = "--uninstall" ]; then
    rm -rf "$DEST"
    rm -f "$BIN/deerfield-desk" "$APPS/deerfield-desk.desktop" "$ICONS/deerfield-desk.png"
    echo "Deerfield Desk removed. Your register in $DATA/deerfield-desk was kept."
    exit 0
fi

mkdir -p "$DEST" "$BIN" "$APPS" "$ICONS"
# Replace the program folder as a whole so no file of an older version is left behind.
rm -rf "$DEST.new"
cp -R "$HERE/deerfield-desk" "$DEST.new"
rm -rf "$DEST"
mv "$DEST.new" "$DEST"
ln -sf "$DEST/deerfield-desk" "$BIN/deerfield-desk"
cp "$HERE/deerfield-desk.png" "$ICONS/deerfield-desk.png"
# The menu entry names the program by its full path: ~/.local/bin is not on every desktop's PATH.
sed -e "s|^Exec=.*|Exec=\"$DEST/deerfield-desk\"|" -e "s|^TryExec=.*|TryExec=$DEST/deerfield-desk|" \
    "$HERE/deerfield-desk.desktop" > "$APPS/deerfield-desk.desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$APPS" || true
echo "Deerfield Desk installed in $DEST; start it from the menu or with $BIN/deerfield-desk"
