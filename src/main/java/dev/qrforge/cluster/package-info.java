/**
 * Not part of the application: a JGroups protocol the server's clustering stack loads from the module
 * {@code dev.qrforge.cluster} (wildfly/extra-content), built from this package and left out of the WAR (pom.xml). It
 * encrypts what the members of a cluster send each other under a key derived from their shared secret. It uses no
 * other package.
 */
package dev.qrforge.cluster;
