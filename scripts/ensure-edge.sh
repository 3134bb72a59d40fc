#!/usr/bin/env bash
# The edge (docs/edge.md) is Debian's nginx with its Lua, GeoIP2 and ModSecurity modules and the
# OWASP CRS; a fresh machine has none of them. Install them from Debian's packages when missing,
# as scripts/ensure-chromium.sh does for the browser.
set -euo pipefail
need=()
[ -x /usr/sbin/nginx ] || need+=(nginx-light)
[ -f /usr/lib/nginx/modules/ngx_http_lua_module.so ] || need+=(libnginx-mod-http-lua libnginx-mod-http-ndk lua-resty-core)
[ -f /usr/lib/nginx/modules/ngx_http_geoip2_module.so ] || need+=(libnginx-mod-http-geoip2)
[ -f /usr/lib/nginx/modules/ngx_http_modsecurity_module.so ] || need+=(libnginx-mod-http-modsecurity)
[ -d /usr/share/modsecurity-crs/rules ] || need+=(modsecurity-crs)
[ -f /usr/lib/x86_64-linux-gnu/lua/5.1/cjson.so ] || [ -f /usr/lib/aarch64-linux-gnu/lua/5.1/cjson.so ] || need+=(lua-cjson)
command -v openssl >/dev/null || need+=(openssl)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "The edge needs: ${need[*]}. Run 'sudo apt-get install -y ${need[*]}' once." >&2
  exit 1
fi
echo "Installing Debian's nginx and modules for the edge: ${need[*]}"
apt-get update -qq
# Debian starts the packaged nginx on port 80 where it can; the edge runs its own master instead.
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
if command -v service >/dev/null && [ -f /etc/init.d/nginx ]; then service nginx stop >/dev/null 2>&1 || true; fi
/usr/sbin/nginx -v
