package dev.qrforge.admission;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.RequestScoped;
import java.util.ArrayList;
import java.util.List;

/**
 * The reservations of the current HTTP request. The request context ends after the response has been written, so
 * an image reserved for a request stays reserved while it is being sent.
 */
@RequestScoped
public class HeldReservations {

    private final List<MemoryBudget.Reservation> reservations = new ArrayList<>();

    synchronized void hold(MemoryBudget.Reservation reservation) {
        reservations.add(reservation);
    }

    @PreDestroy
    synchronized void release() {
        reservations.forEach(MemoryBudget.Reservation::close);
        reservations.clear();
    }
}
