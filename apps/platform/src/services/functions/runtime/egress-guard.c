/*
 * pgfleet egress guard: preloaded into every edge-function worker (LD_PRELOAD), it refuses connect(), sendto() and
 * sendmsg()/sendmmsg() towards loopback, private, link-local, shared, multicast and reserved addresses, IPv4 and IPv6 alike,
 * whatever name led there. Deno's own --deny-net checks the name a function passes (not what it resolves to) and
 * takes no IPv6 ranges; this checks the address the kernel is asked to reach.
 *
 * A function cannot get around it: it has no FFI, no subprocesses and no file writes, so all its network use goes
 * through Deno's Rust code, which calls these libc functions.
 *
 * Configuration, read once at load from the environment the platform sets (a function cannot read them):
 *   PGFLEET_EGRESS_ALLOW  comma-separated exact destinations the operator allows and the project opened,
 *                         a.b.c.d:port or [v6]:port; only that port of that address is let through
 *   PGFLEET_EGRESS_DENY   comma-separated addresses of this machine (IPv4 or IPv6), refused on every port even
 *                         when outside the denied ranges (a public address of the host)
 *   PGFLEET_EGRESS_DNS    comma-separated name servers (IPv4 or IPv6), reachable on port 53 only
 * A refused call fails with EACCES, which Deno reports as PermissionDenied.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#define MAX_ENTRIES 256

struct range4 {
  uint32_t base;
  uint32_t mask;
};

static const struct {
  const char *base;
  int prefix;
} denied4_text[] = {
    {"0.0.0.0", 8},     {"10.0.0.0", 8},    {"100.64.0.0", 10}, {"127.0.0.0", 8},   {"169.254.0.0", 16},
    {"172.16.0.0", 12}, {"192.0.0.0", 24},  {"192.168.0.0", 16}, {"198.18.0.0", 15}, {"224.0.0.0", 4},
    {"240.0.0.0", 4},
};
#define DENIED4_COUNT (sizeof(denied4_text) / sizeof(denied4_text[0]))

static struct range4 denied4[DENIED4_COUNT];
static struct {
  uint32_t address;
  uint16_t port;
} allowed4[MAX_ENTRIES];
static int allowed4_count;
static struct {
  struct in6_addr address;
  uint16_t port;
} allowed6[MAX_ENTRIES];
static int allowed6_count;
static uint32_t own4[MAX_ENTRIES];
static int own4_count;
static struct in6_addr own6[MAX_ENTRIES];
static int own6_count;
static struct in_addr dns4[16];
static int dns4_count;
static struct in6_addr dns6[16];
static int dns6_count;

static int (*real_connect)(int, const struct sockaddr *, socklen_t);
static ssize_t (*real_sendto)(int, const void *, size_t, int, const struct sockaddr *, socklen_t);
static ssize_t (*real_sendmsg)(int, const struct msghdr *, int);
static int (*real_sendmmsg)(int, struct mmsghdr *, unsigned int, int);

static uint32_t mask_of(int prefix) { return prefix == 0 ? 0 : 0xffffffffu << (32 - prefix); }

/* Calls `each` with every comma-separated entry of the variable. */
static void each_entry(const char *name, void (*each)(const char *)) {
  const char *value = getenv(name);
  if (!value) return;
  char *copy = strdup(value);
  if (!copy) return;
  char *saved = NULL;
  for (char *entry = strtok_r(copy, ",", &saved); entry; entry = strtok_r(NULL, ",", &saved)) each(entry);
  free(copy);
}

/* "a.b.c.d:port" or "[v6]:port" */
static void add_allowed(const char *entry) {
  char buffer[80];
  strncpy(buffer, entry, sizeof(buffer) - 1);
  buffer[sizeof(buffer) - 1] = '\0';
  char *colon = strrchr(buffer, ':');
  if (!colon) return;
  *colon = '\0';
  int port = atoi(colon + 1);
  if (port <= 0 || port > 65535) return;
  if (buffer[0] == '[') {
    size_t length = strlen(buffer);
    if (length < 3 || buffer[length - 1] != ']') return;
    buffer[length - 1] = '\0';
    if (allowed6_count < MAX_ENTRIES && inet_pton(AF_INET6, buffer + 1, &allowed6[allowed6_count].address) == 1) {
      allowed6[allowed6_count++].port = (uint16_t)port;
    }
    return;
  }
  struct in_addr address;
  if (allowed4_count < MAX_ENTRIES && inet_pton(AF_INET, buffer, &address) == 1) {
    allowed4[allowed4_count].address = ntohl(address.s_addr);
    allowed4[allowed4_count++].port = (uint16_t)port;
  }
}

static void add_own(const char *entry) {
  struct in_addr address;
  if (strchr(entry, ':')) {
    if (own6_count < MAX_ENTRIES && inet_pton(AF_INET6, entry, &own6[own6_count]) == 1) own6_count++;
  } else if (own4_count < MAX_ENTRIES && inet_pton(AF_INET, entry, &address) == 1) {
    own4[own4_count++] = ntohl(address.s_addr);
  }
}

static void add_dns(const char *entry) {
  if (strchr(entry, ':')) {
    if (dns6_count < 16 && inet_pton(AF_INET6, entry, &dns6[dns6_count]) == 1) dns6_count++;
  } else if (dns4_count < 16 && inet_pton(AF_INET, entry, &dns4[dns4_count]) == 1) {
    dns4_count++;
  }
}

__attribute__((constructor)) static void load(void) {
  real_connect = dlsym(RTLD_NEXT, "connect");
  real_sendto = dlsym(RTLD_NEXT, "sendto");
  real_sendmsg = dlsym(RTLD_NEXT, "sendmsg");
  real_sendmmsg = dlsym(RTLD_NEXT, "sendmmsg");
  for (size_t i = 0; i < DENIED4_COUNT; i++) {
    struct in_addr address;
    inet_pton(AF_INET, denied4_text[i].base, &address);
    denied4[i].mask = mask_of(denied4_text[i].prefix);
    denied4[i].base = ntohl(address.s_addr) & denied4[i].mask;
  }
  each_entry("PGFLEET_EGRESS_ALLOW", add_allowed);
  each_entry("PGFLEET_EGRESS_DENY", add_own);
  each_entry("PGFLEET_EGRESS_DNS", add_dns);
}

static int in_ranges(uint32_t address, const struct range4 *ranges, int count) {
  for (int i = 0; i < count; i++)
    if ((address & ranges[i].mask) == ranges[i].base) return 1;
  return 0;
}

/*
 * An IPv4 destination (host byte order) is refused when it is in a denied range or an address of this machine,
 * unless it is exactly an allowed address and port.
 */
static int refused4(uint32_t address, uint16_t port) {
  int own = 0;
  for (int i = 0; i < own4_count; i++)
    if (own4[i] == address) own = 1;
  if (!own && !in_ranges(address, denied4, DENIED4_COUNT)) return 0;
  for (int i = 0; i < allowed4_count; i++)
    if (allowed4[i].address == address && allowed4[i].port == port) return 0;
  if (port == 53) {
    for (int i = 0; i < dns4_count; i++)
      if (ntohl(dns4[i].s_addr) == address) return 0;
  }
  return 1;
}

static uint32_t embedded4(const uint8_t *bytes, int offset) {
  return ((uint32_t)bytes[offset] << 24) | ((uint32_t)bytes[offset + 1] << 16) | ((uint32_t)bytes[offset + 2] << 8) |
         bytes[offset + 3];
}

static int refused6(const struct in6_addr *address, uint16_t port) {
  const uint8_t *b = address->s6_addr;
  static const uint8_t mapped_prefix[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  static const uint8_t nat64_prefix[12] = {0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0};
  static const uint8_t zero[12] = {0};
  for (int i = 0; i < allowed6_count; i++)
    if (memcmp(&allowed6[i].address, address, sizeof(*address)) == 0 && allowed6[i].port == port) return 0;
  if (port == 53) {
    for (int i = 0; i < dns6_count; i++)
      if (memcmp(&dns6[i], address, sizeof(*address)) == 0) return 0;
  }
  for (int i = 0; i < own6_count; i++)
    if (memcmp(&own6[i], address, sizeof(*address)) == 0) return 1;
  /* IPv4 written as IPv6: ::ffff:a.b.c.d, the well-known NAT64 prefix, the old ::a.b.c.d form, 6to4 */
  if (memcmp(b, mapped_prefix, 12) == 0 || memcmp(b, nat64_prefix, 12) == 0) return refused4(embedded4(b, 12), port);
  if (memcmp(b, zero, 12) == 0) return 1; /* ::, ::1 and the deprecated IPv4-compatible form */
  if (b[0] == 0x20 && b[1] == 0x02) return refused4(embedded4(b, 2), port);
  if ((b[0] & 0xfe) == 0xfc) return 1;                 /* fc00::/7 unique local */
  if (b[0] == 0xfe && (b[1] & 0xc0) == 0x80) return 1; /* fe80::/10 link-local */
  if (b[0] == 0xfe && (b[1] & 0xc0) == 0xc0) return 1; /* fec0::/10 site-local */
  if (b[0] == 0xff) return 1;                          /* multicast */
  if (b[0] == 0x01 && b[1] == 0 && b[2] == 0 && b[3] == 0 && b[4] == 0 && b[5] == 0 && b[6] == 0 && b[7] == 0)
    return 1; /* 100::/64 discard */
  return 0;
}

static int refused(const struct sockaddr *address, socklen_t length) {
  if (!address) return 0;
  if (address->sa_family == AF_INET && length >= (socklen_t)sizeof(struct sockaddr_in)) {
    const struct sockaddr_in *in4 = (const struct sockaddr_in *)address;
    return refused4(ntohl(in4->sin_addr.s_addr), ntohs(in4->sin_port));
  }
  if (address->sa_family == AF_INET6 && length >= (socklen_t)sizeof(struct sockaddr_in6)) {
    const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)address;
    return refused6(&in6->sin6_addr, ntohs(in6->sin6_port));
  }
  /* unix sockets are Deno's --allow-read/--allow-write to decide; AF_UNSPEC disconnects a datagram socket */
  return 0;
}

int connect(int socket, const struct sockaddr *address, socklen_t length) {
  if (refused(address, length)) {
    errno = EACCES;
    return -1;
  }
  return real_connect(socket, address, length);
}

ssize_t sendto(int socket, const void *buffer, size_t size, int flags, const struct sockaddr *address,
               socklen_t length) {
  if (refused(address, length)) {
    errno = EACCES;
    return -1;
  }
  return real_sendto(socket, buffer, size, flags, address, length);
}

ssize_t sendmsg(int socket, const struct msghdr *message, int flags) {
  if (message && refused((const struct sockaddr *)message->msg_name, message->msg_namelen)) {
    errno = EACCES;
    return -1;
  }
  return real_sendmsg(socket, message, flags);
}

int sendmmsg(int socket, struct mmsghdr *messages, unsigned int count, int flags) {
  for (unsigned int i = 0; messages && i < count; i++) {
    if (refused((const struct sockaddr *)messages[i].msg_hdr.msg_name, messages[i].msg_hdr.msg_namelen)) {
      errno = EACCES;
      return -1;
    }
  }
  return real_sendmmsg(socket, messages, count, flags);
}

/*
 * Workers serve only on the unix socket the platform gives them: no network socket may listen, on any address of
 * this machine, whatever name or address Deno's permissions let through (a public name can resolve to the machine).
 */
int listen(int socket, int backlog) {
  static int (*real_listen)(int, int);
  struct sockaddr_storage address;
  socklen_t length = sizeof(address);
  if (getsockname(socket, (struct sockaddr *)&address, &length) != 0 || address.ss_family != AF_UNIX) {
    errno = EACCES;
    return -1;
  }
  if (!real_listen) real_listen = dlsym(RTLD_NEXT, "listen");
  return real_listen(socket, backlog);
}
