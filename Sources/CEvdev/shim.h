#ifndef FORCEBRIDGE_CEVDEV_SHIM_H
#define FORCEBRIDGE_CEVDEV_SHIM_H
// libevdev, the kernel's evdev and uinput interfaces, and their request codes (function-like
// macros Swift cannot import). Only ForceDevices imports this; the requests go through
// ForceSystem's syscall funnel.
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <linux/input.h>
#include <linux/uinput.h>
#include <sys/ioctl.h>

static inline unsigned long fb_eviocgeffects(void) { return EVIOCGEFFECTS; }
static inline unsigned long fb_eviocsff(void) { return EVIOCSFF; }
static inline unsigned long fb_eviocrmff(void) { return EVIOCRMFF; }
static inline unsigned long fb_eviocgbit(unsigned int type, unsigned int length) { return EVIOCGBIT(type, length); }
static inline unsigned long fb_eviocgrab(void) { return EVIOCGRAB; }
static inline unsigned long fb_ui_begin_ff_upload(void) { return UI_BEGIN_FF_UPLOAD; }
static inline unsigned long fb_ui_end_ff_upload(void) { return UI_END_FF_UPLOAD; }
static inline unsigned long fb_ui_begin_ff_erase(void) { return UI_BEGIN_FF_ERASE; }
static inline unsigned long fb_ui_end_ff_erase(void) { return UI_END_FF_ERASE; }
static inline unsigned long fb_ui_set_ffbit(void) { return UI_SET_FFBIT; }
static inline unsigned long fb_ui_dev_setup(void) { return UI_DEV_SETUP; }
static inline unsigned long fb_ui_set_evbit(void) { return UI_SET_EVBIT; }
static inline unsigned long fb_ui_set_keybit(void) { return UI_SET_KEYBIT; }
static inline unsigned long fb_ui_dev_create(void) { return UI_DEV_CREATE; }
static inline unsigned long fb_ui_set_phys(void) { return UI_SET_PHYS; }
static inline unsigned long fb_ui_dev_destroy(void) { return UI_DEV_DESTROY; }
static inline unsigned long fb_ui_get_sysname(unsigned int length) { return UI_GET_SYSNAME(length); }

#endif
