/*
 * The connection guard of the ffmpeg processes that read a plain user's camera (LD_PRELOAD).
 *
 * Only a superuser may point a camera at the recorder's own machine or its link (loopback, unspecified,
 * link-local, multicast, reserved: apps/recorder/src/platform/net/address-scope.ts). Checking the camera's URL is
 * not enough: ffmpeg follows RTSP and HTTP redirects, opens the segments an HLS playlist names and resolves host
 * names again, and it has no option to refuse any of that. So the rule is applied where ffmpeg actually connects:
 * this library wraps connect(), sendto(), sendmsg() and sendmmsg() and refuses (EACCES) any IPv4 or IPv6
 * destination in those ranges, except the loopback endpoints the recorder itself gave the process to write to
 * (NVR_CONNECT_GUARD_ALLOW="127.0.0.1:41234,..."). Each refusal is said once on stderr, in the words the API uses,
 * so it reaches the camera's stream_warning. DNS is not affected: glibc's resolver calls its own internal
 * connect, which a preloaded library does not replace.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define MAX_ALLOWED 16

static struct {
  struct in_addr address;
  in_port_t port; /* network order */
} allowed[MAX_ALLOWED];
static int allowed_count = -1;

static void read_allowed(void) {
  allowed_count = 0;
  const char *list = getenv("NVR_CONNECT_GUARD_ALLOW");
  if (!list) return;
  char copy[1024];
  strncpy(copy, list, sizeof copy - 1);
  copy[sizeof copy - 1] = '\0';
  char *saved = NULL;
  for (char *entry = strtok_r(copy, ",", &saved); entry && allowed_count < MAX_ALLOWED;
       entry = strtok_r(NULL, ",", &saved)) {
    char *colon = strrchr(entry, ':');
    if (!colon) continue;
    *colon = '\0';
    long port = strtol(colon + 1, NULL, 10);
    if (port <= 0 || port > 65535 || inet_pton(AF_INET, entry, &allowed[allowed_count].address) != 1) continue;
    allowed[allowed_count].port = htons((in_port_t)port);
    allowed_count++;
  }
}

/* The scope of an IPv4 address (host order) that only a superuser's camera may reach, or NULL. */
static const char *internal_ipv4(uint32_t ip) {
  unsigned first = ip >> 24;
  if (first == 0) return "an unspecified";
  if (first == 127) return "a loopback";
  if ((ip >> 16) == 0xa9fe) return "a link-local"; /* 169.254/16 */
  if (first >= 224 && first <= 239) return "a multicast";
  if (first >= 240) return "a reserved";
  return NULL;
}

static const char *internal_ipv6(const struct in6_addr *address) {
  const unsigned char *b = address->s6_addr;
  if (IN6_IS_ADDR_V4MAPPED(address)) {
    uint32_t ip = ((uint32_t)b[12] << 24) | ((uint32_t)b[13] << 16) | ((uint32_t)b[14] << 8) | b[15];
    return internal_ipv4(ip);
  }
  if (IN6_IS_ADDR_UNSPECIFIED(address)) return "an unspecified";
  if (IN6_IS_ADDR_LOOPBACK(address)) return "a loopback";
  if (b[0] == 0xfe && (b[1] & 0xc0) == 0x80) return "a link-local";
  if (b[0] == 0xff) return "a multicast";
  return NULL;
}

static int is_allowed(const struct sockaddr_in *in) {
  if (allowed_count < 0) read_allowed();
  for (int i = 0; i < allowed_count; i++)
    if (allowed[i].address.s_addr == in->sin_addr.s_addr && allowed[i].port == in->sin_port) return 1;
  return 0;
}

/* 0 to let the call through; -1 with errno EACCES (and a line on stderr) to refuse it. */
static int check(const struct sockaddr *to, socklen_t length) {
  if (!to) return 0;
  const char *scope = NULL;
  char text[INET6_ADDRSTRLEN] = "?";
  if (to->sa_family == AF_INET && length >= (socklen_t)sizeof(struct sockaddr_in)) {
    const struct sockaddr_in *in = (const struct sockaddr_in *)to;
    scope = internal_ipv4(ntohl(in->sin_addr.s_addr));
    if (scope && is_allowed(in)) return 0;
    inet_ntop(AF_INET, &in->sin_addr, text, sizeof text);
  } else if (to->sa_family == AF_INET6 && length >= (socklen_t)sizeof(struct sockaddr_in6)) {
    const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)to;
    scope = internal_ipv6(&in6->sin6_addr);
    inet_ntop(AF_INET6, &in6->sin6_addr, text, sizeof text);
  }
  if (!scope) return 0;
  static char said[INET6_ADDRSTRLEN];
  if (strcmp(said, text) != 0) {
    strcpy(said, text);
    dprintf(STDERR_FILENO,
            "nvr-connect-guard: %s is %s address: only a superuser may point a camera at the recorder's own "
            "machine or its local link\n",
            text, scope);
  }
  errno = EACCES;
  return -1;
}

typedef int (*connect_fn)(int, const struct sockaddr *, socklen_t);
typedef ssize_t (*sendto_fn)(int, const void *, size_t, int, const struct sockaddr *, socklen_t);
typedef ssize_t (*sendmsg_fn)(int, const struct msghdr *, int);
typedef int (*sendmmsg_fn)(int, struct mmsghdr *, unsigned int, int);

int connect(int fd, const struct sockaddr *to, socklen_t length) {
  static connect_fn real;
  if (!real) real = (connect_fn)dlsym(RTLD_NEXT, "connect");
  if (check(to, length) < 0) return -1;
  return real(fd, to, length);
}

ssize_t sendto(int fd, const void *data, size_t size, int flags, const struct sockaddr *to, socklen_t length) {
  static sendto_fn real;
  if (!real) real = (sendto_fn)dlsym(RTLD_NEXT, "sendto");
  if (check(to, length) < 0) return -1;
  return real(fd, data, size, flags, to, length);
}

ssize_t sendmsg(int fd, const struct msghdr *message, int flags) {
  static sendmsg_fn real;
  if (!real) real = (sendmsg_fn)dlsym(RTLD_NEXT, "sendmsg");
  if (message && check((const struct sockaddr *)message->msg_name, message->msg_namelen) < 0) return -1;
  return real(fd, message, flags);
}

int sendmmsg(int fd, struct mmsghdr *messages, unsigned int count, int flags) {
  static sendmmsg_fn real;
  if (!real) real = (sendmmsg_fn)dlsym(RTLD_NEXT, "sendmmsg");
  for (unsigned int i = 0; i < count; i++)
    if (check((const struct sockaddr *)messages[i].msg_hdr.msg_name, messages[i].msg_hdr.msg_namelen) < 0)
      return -1;
  return real(fd, messages, count, flags);
}
