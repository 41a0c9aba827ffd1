#ifndef FORCEBRIDGE_CUDEV_SHIM_H
#define FORCEBRIDGE_CUDEV_SHIM_H
#include <libudev.h>
#endif
