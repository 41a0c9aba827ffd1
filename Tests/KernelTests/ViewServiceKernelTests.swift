import ForceBus
import ForceCore
import ForceDevices
import ForceService
import ForceSystem
import ForceTestSupport
import Foundation
import Glibc
import Testing

extension SessionBusGuestTests {
    /// `forcebridge view --service` in the guest: `forcebridge serve` on the guest's session bus
    /// serves a live uinput pen; the view attaches to it, and its page's WebSocket, read by a
    /// client, gets the device's facts and a message for each kernel frame.
    @Suite(.serialized, .feedbackdGuestOnly)
    struct ViewServiceKernelTests {
        @Test func everyKernelFrameReachesThePageThroughTheService() throws {
            let guest = try ServiceGuest()
            try guest.start()
            let name = "ForceBridge View Service Pen \(getpid())"
            let pen = try VirtualDevice(description: TestDevices.penTablet(name: name))
            let node = try #require(pen.node)
            try #require(try guest.waitUntilListed(node), "\(guest.log)")

            let view = try ViewGuest(["--service"])
            // The `view-device` line follows the subscription: from then on the stream has every frame.
            try #require(waitUntil { !view.objects("view-device").isEmpty }, "\(view.diagnostics)")
            let device = view.objects("view-device")[0]
            #expect(device["node"] as? String == node && device["name"] as? String == name && device["kind"] as? String == "tablet", "\(device)")
            for fact in ["xMin", "xMax", "yMin", "yMax", "begin", "previewEnd", "commitEnd", "maximumPossibleForce"] {
                #expect(device[fact] is Double || device[fact] is Int, "\(fact) in \(device)")
            }
            #expect(device["sensitivity"] is String && device["forceSource"] as? String == "pressure", "\(device)")
            #expect(view.listedNodes?.contains(node) == true, "\(view.diagnostics)")

            let frames = PenStroke.frames(count: 300)
            let written = try view.write(frames, to: pen)
            view.expectEveryFrame(of: frames.count)
            view.printLatency("view --service", written: written)

            // Unplugged: the stream's end reaches the page, and the view keeps serving.
            pen.destroy()
            #expect(waitUntil { !view.objects("summary").isEmpty && view.listedNodes?.contains(node) == false }, "\(view.diagnostics)")
            #expect(view.objects("summary").last?["frames"] as? Int == frames.count, "\(view.objects("summary"))")
            #expect(view.view.isRunning, "\(view.diagnostics)")
            #expect(view.stop() == 0, "\(view.diagnostics)")
            #expect(guest.stop() == 0)
        }
    }
}
