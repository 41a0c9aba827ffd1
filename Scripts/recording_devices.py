"""The devices of ForceBridge's shipped recordings (Scripts/generate-recordings.py): each models a
real device's ranges, resolutions, properties and codes as its kernel driver reports them."""
from recording_model import *  # noqa: F401,F403 - event codes, Device

INTUOS_PEN = Device(
    "Wacom Intuos Pro M Pen", 0x03, 0x056a, 0x0357, 0x0110, [INPUT_PROP_POINTER],
    [BTN_TOOL_PEN, BTN_TOOL_RUBBER, BTN_TOUCH, BTN_STYLUS, BTN_STYLUS2],
    {ABS_X: (0, 44800, 4, 0, 200), ABS_Y: (0, 29600, 4, 0, 200), ABS_PRESSURE: (0, 8191, 0, 0, 0),
     ABS_DISTANCE: (0, 63, 0, 0, 0), ABS_TILT_X: (-64, 63, 0, 0, 57), ABS_TILT_Y: (-64, 63, 0, 0, 57),
     ABS_MISC: (0, 0, 0, 0, 0)},
    msc=[MSC_SERIAL])

BAMBOO_PEN = Device(
    "Wacom Bamboo 2FG 4x5 Pen", 0x03, 0x056a, 0x00d1, 0x0100, [INPUT_PROP_POINTER],
    [BTN_TOOL_PEN, BTN_TOOL_RUBBER, BTN_TOUCH, BTN_STYLUS, BTN_STYLUS2],
    {ABS_X: (0, 14720, 4, 0, 100), ABS_Y: (0, 9200, 4, 0, 100), ABS_PRESSURE: (0, 1023, 0, 0, 0),
     ABS_DISTANCE: (0, 31, 0, 0, 0)})

# The Bamboo Fun of libinput's report: a healthy tip resting near 30 % of the range.
BAMBOO_FUN_PEN = Device(
    "Wacom BambooFun 4x5 Pen", 0x03, 0x056a, 0x0017, 0x0100, [INPUT_PROP_POINTER],
    [BTN_TOOL_PEN, BTN_TOOL_RUBBER, BTN_TOUCH, BTN_STYLUS, BTN_STYLUS2],
    {ABS_X: (0, 14760, 4, 0, 100), ABS_Y: (0, 9225, 4, 0, 100), ABS_PRESSURE: (0, 511, 0, 0, 0),
     ABS_DISTANCE: (0, 63, 0, 0, 0)})

# The same pen as a driver without ABS_DISTANCE reports it (hover is proximity only).
BAMBOO_FUN_PEN_NO_DISTANCE = Device(
    "Wacom BambooFun 4x5 Pen", 0x03, 0x056a, 0x0017, 0x0100, [INPUT_PROP_POINTER],
    [BTN_TOOL_PEN, BTN_TOOL_RUBBER, BTN_TOUCH, BTN_STYLUS, BTN_STYLUS2],
    {ABS_X: (0, 14760, 4, 0, 100), ABS_Y: (0, 9225, 4, 0, 100), ABS_PRESSURE: (0, 511, 0, 0, 0)})

ELAN_SCREEN = Device(
    "ELAN9008:00 04F3:2C82", 0x18, 0x04f3, 0x2c82, 0x0100, [INPUT_PROP_DIRECT],
    [BTN_TOUCH],
    {ABS_X: (0, 3839, 0, 0, 13), ABS_Y: (0, 2159, 0, 0, 13), ABS_MT_SLOT: (0, 9, 0, 0, 0),
     ABS_MT_TOUCH_MAJOR: (0, 255, 0, 0, 0), ABS_MT_POSITION_X: (0, 3839, 0, 0, 13),
     ABS_MT_POSITION_Y: (0, 2159, 0, 0, 13), ABS_MT_TOOL_TYPE: (0, 2, 0, 0, 0),
     ABS_MT_TRACKING_ID: (0, 65535, 0, 0, 0), ABS_MT_PRESSURE: (0, 255, 0, 0, 0)},
    msc=[MSC_TIMESTAMP])

# The goodix driver reports the contact's width as both ABS_MT_TOUCH_MAJOR and ABS_MT_WIDTH_MAJOR.
GOODIX_CONTACT_SIZE = Device(
    "Goodix Capacitive TouchScreen", 0x18, 0x0416, 0x0001, 0x1060, [INPUT_PROP_DIRECT],
    [BTN_TOUCH],
    {ABS_X: (0, 1079, 0, 0, 0), ABS_Y: (0, 2339, 0, 0, 0), ABS_MT_SLOT: (0, 9, 0, 0, 0),
     ABS_MT_TOUCH_MAJOR: (0, 255, 0, 0, 0), ABS_MT_WIDTH_MAJOR: (0, 255, 0, 0, 0),
     ABS_MT_POSITION_X: (0, 1079, 0, 0, 0), ABS_MT_POSITION_Y: (0, 2339, 0, 0, 0),
     ABS_MT_TRACKING_ID: (0, 65535, 0, 0, 0)})

# The silead driver reports positions only: neither pressure nor contact size.
SILEAD_POSITION_ONLY = Device(
    "silead_ts", 0x18, 0x0000, 0x0000, 0x0000, [INPUT_PROP_DIRECT],
    [BTN_TOUCH],
    {ABS_X: (0, 1279, 0, 0, 0), ABS_Y: (0, 799, 0, 0, 0), ABS_MT_SLOT: (0, 9, 0, 0, 0),
     ABS_MT_POSITION_X: (0, 1279, 0, 0, 0), ABS_MT_POSITION_Y: (0, 799, 0, 0, 0),
     ABS_MT_TRACKING_ID: (0, 65535, 0, 0, 0)})
