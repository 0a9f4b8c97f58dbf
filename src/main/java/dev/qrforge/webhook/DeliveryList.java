package dev.qrforge.webhook;

import java.util.List;

/** A webhook's most recent deliveries, newest first. */
public record DeliveryList(List<DeliveryView> items) {
}
