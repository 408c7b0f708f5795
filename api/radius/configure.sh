#!/usr/bin/env bash
# Writes a self-contained FreeRADIUS 3.x configuration that asks this API about every WiFi sign-in
# and accounting packet through the rest module (docs/decisions/wifi.md, "WiFi through FreeRADIUS").
#
#   api/radius/configure.sh DIR API_URL [AUTH_PORT] [ACCT_PORT] [LISTEN_ADDRESS] [CLIENTS_FILE]
#
# DIR            folder to write (created; nothing outside it is touched)
# API_URL        where the API listens, e.g. http://127.0.0.1:3000
# AUTH/ACCT_PORT UDP ports FreeRADIUS listens on (default 1812/1813)
# LISTEN_ADDRESS address FreeRADIUS binds (default 127.0.0.1)
# CLIENTS_FILE   FreeRADIUS clients.conf listing the routers and their secrets, the same address
#                and secret as on the Routers screen (default: DIR/clients.conf, written empty)
#
# Run it with:  freeradius -f -l stdout -d DIR   (or -X to see every request)
set -euo pipefail

dir=${1:?usage: configure.sh DIR API_URL [AUTH_PORT] [ACCT_PORT] [LISTEN_ADDRESS] [CLIENTS_FILE]}
api=${2:?API_URL missing}
auth_port=${3:-1812}
acct_port=${4:-1813}
listen=${5:-127.0.0.1}
clients=${6:-}

mkdir -p "$dir/run" "$dir/log"
chmod 700 "$dir"
if [ -z "$clients" ]; then
  clients="$dir/clients.conf"
  [ -e "$clients" ] || : >"$clients"
fi
# FreeRADIUS reads the dictionaries it ships, then this (empty) local one.
: >"$dir/dictionary"
# What an Access-Reject may hold (RFC 2865 §5.44, FreeRADIUS's own mods-config/attr_filter/
# access_reject): authorize fills the reply with the member's Session-Timeout and rate limits before
# pap compares the PIN, and a wrong PIN must not send them along with the reject.
cat >"$dir/attr_filter_access_reject" <<'FILTER'
DEFAULT
	EAP-Message =* ANY,
	State =* ANY,
	Message-Authenticator =* ANY,
	Error-Cause =* ANY,
	Reply-Message =* ANY,
	MS-CHAP-Error =* ANY,
	Proxy-State =* ANY
FILTER

cat >"$dir/radiusd.conf" <<CONF
prefix = /usr
exec_prefix = /usr
sysconfdir = /etc
localstatedir = /var
sbindir = /usr/sbin
confdir = $dir
raddbdir = $dir
logdir = $dir/log
run_dir = $dir/run
db_dir = $dir
libdir = /usr/lib/freeradius
pidfile = $dir/run/radiusd.pid
name = freeradius
max_request_time = 30
cleanup_delay = 5
max_requests = 1024
hostname_lookups = no

log {
	destination = stdout
	colourise = no
	auth = yes
}

security {
	allow_core_dumps = no
	max_attributes = 200
	reject_delay = 0
	status_server = no
}

thread pool {
	start_servers = 2
	max_servers = 8
	min_spare_servers = 1
	max_spare_servers = 4
	max_requests_per_server = 0
}

\$INCLUDE $clients

modules {
	# The API answers every question; FreeRADIUS only speaks RADIUS to the routers.
	# Each call carries HTTP Basic credentials made from the request: the router's address and the
	# secret FreeRADIUS shares with it, so the API serves only routers registered on its Routers screen.
	rest {
		connect_uri = "$api"
		connect_timeout = 4.0

		authorize {
			uri = "\${..connect_uri}/api/radius/authorize"
			method = 'post'
			body = 'json'
			auth = 'basic'
			username = "%{Packet-Src-IP-Address}"
			password = "%{client:secret}"
			require_auth = yes
			timeout = 4.0
		}
		authenticate {
			uri = "\${..connect_uri}/api/radius/authenticate"
			method = 'post'
			body = 'json'
			auth = 'basic'
			username = "%{Packet-Src-IP-Address}"
			password = "%{client:secret}"
			require_auth = yes
			timeout = 4.0
		}
		accounting {
			uri = "\${..connect_uri}/api/radius/accounting"
			method = 'post'
			body = 'json'
			auth = 'basic'
			username = "%{Packet-Src-IP-Address}"
			password = "%{client:secret}"
			require_auth = yes
			timeout = 4.0
		}
		pool {
			start = 1
			min = 1
			max = 8
			spare = 2
			uses = 0
			lifetime = 0
			idle_timeout = 60
			retry_delay = 1
		}
	}

	# The API puts the member's PIN in control:Cleartext-Password; pap compares it with User-Password.
	pap {
		normalise = yes
	}

	# Keeps in a reject's reply only what the file allows (post-auth filters the reply list).
	attr_filter attr_filter.access_reject {
		key = "%{User-Name}"
		filename = $dir/attr_filter_access_reject
	}

	always reject {
		rcode = reject
	}
	always ok {
		rcode = ok
	}
}

server default {
	listen {
		type = auth
		ipaddr = $listen
		port = $auth_port
	}
	listen {
		type = acct
		ipaddr = $listen
		port = $acct_port
	}

	authorize {
		rest
		if (!ok && !updated) {
			reject
		}
		pap
	}

	authenticate {
		Auth-Type PAP {
			pap
		}
	}

	preacct {
	}

	accounting {
		rest
	}

	post-auth {
		Post-Auth-Type REJECT {
			attr_filter.access_reject
		}
	}
}
CONF
echo "FreeRADIUS configuration written to $dir (auth $listen:$auth_port, acct $listen:$acct_port, API $api)"
