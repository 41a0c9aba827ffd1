#ifndef FORCEBRIDGE_CEVDEV_SHIM_H
#define FORCEBRIDGE_CEVDEV_SHIM_H
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <linux/input.h>
#include <linux/uinput.h>
#endif
