// Manages the edge platform's objects (the engine of pulumi-edgeplatform).
package edgeplatform
